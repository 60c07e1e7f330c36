-- Test-only SQL: recounts of the coverage figures from scratch (to hold the
-- triggers' counters to them) and edits choto itself never makes (to drive
-- the triggers). Loaded by tests/support/coverage_checks.ts.

-- name: coverage_recount_windows_all
-- From scratch: window coverage over every window.
SELECT count(*) AS windows,
  coalesce(sum(w.seen_count = 1), 0) AS seen_once,
  coalesce(sum(NOT EXISTS (SELECT 1 FROM clicks c WHERE c.window_id = w.id)
    AND NOT EXISTS (SELECT 1 FROM transitions t WHERE t.from_window = w.id)), 0) AS never_acted_in,
  coalesce(sum(NOT EXISTS (SELECT 1 FROM transitions t WHERE t.to_window = w.id)), 0) AS no_way_in
FROM windows w;

-- name: coverage_recount_windows_app
SELECT count(*) AS windows,
  coalesce(sum(w.seen_count = 1), 0) AS seen_once,
  coalesce(sum(NOT EXISTS (SELECT 1 FROM clicks c WHERE c.window_id = w.id)
    AND NOT EXISTS (SELECT 1 FROM transitions t WHERE t.from_window = w.id)), 0) AS never_acted_in,
  coalesce(sum(NOT EXISTS (SELECT 1 FROM transitions t WHERE t.to_window = w.id)), 0) AS no_way_in
FROM windows w
WHERE w.app_id = :app_id;

-- name: coverage_recount_controls_all
-- From scratch: element rows, and distinct (window, text) pairs acted on in
-- the window that an element of that window shows.
SELECT
  (SELECT count(*) FROM elements) AS controls_known,
  (SELECT count(*) FROM (
     SELECT window_id AS wid, text FROM clicks WHERE scope = 'window'
     UNION
     SELECT from_window AS wid, text FROM transitions WHERE scope = 'window') p
   WHERE EXISTS (SELECT 1 FROM elements e WHERE e.window_id = p.wid AND e.text = p.text))
  AS controls_acted;

-- name: coverage_recount_controls_app
SELECT
  (SELECT count(*) FROM windows w JOIN elements e ON e.window_id = w.id
   WHERE w.app_id = :app_id) AS controls_known,
  (SELECT count(*) FROM (
     SELECT window_id AS wid, text FROM clicks WHERE scope = 'window'
     UNION
     SELECT from_window AS wid, text FROM transitions WHERE scope = 'window') p
   JOIN windows w ON w.id = p.wid
   WHERE w.app_id = :app_id
     AND EXISTS (SELECT 1 FROM elements e WHERE e.window_id = p.wid AND e.text = p.text))
  AS controls_acted;

-- name: coverage_recount_window_counters
-- Windows whose per-window counters disagree with a count from scratch
-- (or that have none, or counters left for a window that is gone).
SELECT w.id AS window_id FROM windows w
LEFT JOIN window_counters k ON k.window_id = w.id
WHERE k.window_id IS NULL OR k.app_id <> w.app_id
  OR k.acted <> (SELECT count(*) FROM clicks c WHERE c.window_id = w.id)
                + (SELECT count(*) FROM transitions t WHERE t.from_window = w.id)
  OR k.ways_in <> (SELECT count(*) FROM transitions t WHERE t.to_window = w.id)
UNION ALL
SELECT k.window_id FROM window_counters k
WHERE NOT EXISTS (SELECT 1 FROM windows w WHERE w.id = k.window_id);

-- Edits outside recording: choto records by upsert and never deletes, but
-- the counters must survive anything done to the graph. The tests drive
-- the triggers through these.

-- name: forget_app
DELETE FROM apps WHERE id = :id;

-- name: forget_window
DELETE FROM windows WHERE id = :id;

-- name: forget_element
DELETE FROM elements WHERE id = :id;

-- name: forget_click
DELETE FROM clicks WHERE window_id = :window_id AND text = :text AND scope = :scope;

-- name: forget_transition
DELETE FROM transitions WHERE id = :id;

-- name: move_window
UPDATE OR IGNORE windows SET app_id = :app_id WHERE id = :id;

-- name: rename_element
UPDATE OR IGNORE elements SET text = :text WHERE id = :id;

-- name: move_element
UPDATE OR IGNORE elements SET window_id = :window_id, nth = nth + 1000 WHERE id = :id;

-- name: move_click
UPDATE OR IGNORE clicks SET window_id = :to_window, text = :to_text, scope = :to_scope
WHERE window_id = :window_id AND text = :text AND scope = :scope;

-- name: move_transition
UPDATE OR IGNORE transitions SET from_window = :from_window, to_window = :to_window, text = :text, scope = :scope
WHERE id = :id;

-- name: random_rows
-- Rows to pick edits from (tests only); ref is the window an element,
-- click or transition belongs to (a transition's source).
SELECT 'app' AS kind, id, NULL AS text, NULL AS scope, NULL AS ref FROM apps
UNION ALL SELECT 'window', id, NULL, NULL, app_id FROM windows
UNION ALL SELECT 'element', id, text, NULL, window_id FROM elements
UNION ALL SELECT 'click', window_id, text, scope, window_id FROM clicks
UNION ALL SELECT 'transition', id, text, scope, from_window FROM transitions;
