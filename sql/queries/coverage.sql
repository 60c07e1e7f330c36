-- Coverage: what the map does not know. The counters (app_counters, kept by
-- the triggers of migration 0003) answer the tool; tests/sql/coverage_checks.sql
-- computes the same figures from scratch, for the tests and for checking a
-- database by hand.

-- name: coverage_counters_all
-- Every app's counters summed. One row per app: O(apps).
SELECT count(*) AS apps,
  coalesce(sum(windows), 0) AS windows,
  coalesce(sum(seen_once), 0) AS seen_once,
  coalesce(sum(never_acted_in), 0) AS never_acted_in,
  coalesce(sum(no_way_in), 0) AS no_way_in,
  coalesce(sum(controls_known), 0) AS controls_known,
  coalesce(sum(controls_acted), 0) AS controls_acted
FROM app_counters;

-- name: coverage_counters_app
SELECT windows, seen_once, never_acted_in, no_way_in, controls_known, controls_acted
FROM app_counters
WHERE app_id = :app_id;

-- name: route_edges_version
-- Changes whenever a transition leaving one of the app's windows changes.
SELECT edges_version FROM app_counters WHERE app_id = :app_id;
