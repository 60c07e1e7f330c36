-- What the recall tool reads. Nothing here writes.

-- name: recall_apps
-- Every app with its window count (kept by the coverage counters), most
-- recently seen first.
SELECT a.id, a.name, a.version, a.last_seen, a.last_window,
  coalesce(k.windows, 0) AS window_count
FROM apps a LEFT JOIN app_counters k ON k.app_id = a.id
ORDER BY a.last_seen DESC, a.id;

-- name: recall_app_windows
-- The windows of one app, most recent first, with what coverage needs.
SELECT w.id, w.title, w.kind, w.app_version, w.seen_count, w.first_seen, w.last_seen,
  (SELECT count(*) FROM elements e WHERE e.window_id = w.id) AS element_count,
  (EXISTS (SELECT 1 FROM clicks c WHERE c.window_id = w.id)
    OR EXISTS (SELECT 1 FROM transitions t WHERE t.from_window = w.id)) AS acted_in,
  EXISTS (SELECT 1 FROM transitions t WHERE t.to_window = w.id) AS has_way_in
FROM windows w
WHERE w.app_id = :app_id
ORDER BY w.last_seen DESC, w.id;

-- name: recall_window
-- One window with the facts staleness and titles need.
SELECT w.id, w.app_id, w.title, w.kind, w.app_version, w.seen_count, w.first_seen, w.last_seen,
  a.name AS app_name, a.version AS app_version_now,
  (SELECT count(*) FROM elements e WHERE e.window_id = w.id) AS element_count,
  (EXISTS (SELECT 1 FROM clicks c WHERE c.window_id = w.id)
    OR EXISTS (SELECT 1 FROM transitions t WHERE t.from_window = w.id)) AS acted_in,
  EXISTS (SELECT 1 FROM transitions t WHERE t.to_window = w.id) AS has_way_in
FROM windows w JOIN apps a ON a.id = w.app_id
WHERE w.id = :id;

-- name: recall_window_elements
-- A window's text elements in reading order.
SELECT text, nth FROM elements
WHERE window_id = :window_id
ORDER BY y, x, id
LIMIT :limit;

-- name: recall_window_icons
-- Named icons seen in a window (whether a memory pack alone named one), and how many unnamed ones.
SELECT g.label AS label, count(*) AS n, max(coalesce(g.label_from, '') = 'pack') AS from_pack
FROM glyph_sightings s JOIN glyphs g ON g.id = s.glyph_id
WHERE s.window_id = :window_id
GROUP BY g.label
ORDER BY g.label IS NULL, g.label;

-- name: recall_icon_named_by_pack
-- Whether an icon of a window got its name only from a memory pack, for a search hit on it.
SELECT count(*) AS n
FROM glyph_sightings s JOIN glyphs g ON g.id = s.glyph_id
WHERE s.window_id = :window_id AND g.label = :label AND g.label_from = 'pack';

-- name: recall_transitions_from
-- A window's outgoing transitions, most recent first.
SELECT t.from_window, t.to_window, t.action, t.text, t.scope, v.via, t.count, t.last_seen,
  w.title AS to_title
FROM transitions t JOIN windows w ON w.id = t.to_window
LEFT JOIN transition_via v ON v.transition_id = t.id
WHERE t.from_window = :window_id
ORDER BY t.last_seen DESC, t.id;

-- name: recall_transitions_into
-- The recorded ways into a window, most recent first.
SELECT t.from_window, t.to_window, t.action, t.text, t.scope, v.via, t.count, t.last_seen,
  w.title AS from_title
FROM transitions t JOIN windows w ON w.id = t.from_window
LEFT JOIN transition_via v ON v.transition_id = t.id
WHERE t.to_window = :window_id
ORDER BY t.last_seen DESC, t.id;

-- name: route_edges_of_app
-- Every transition leaving a window of one app (the route graph), its
-- columns named as src/graph/routes.ts RouteEdge names them.
SELECT t.from_window AS "from", t.to_window AS "to", t.action, t.text, t.scope, v.via, t.count,
  t.last_seen AS "lastSeen"
FROM windows w JOIN transitions t ON t.from_window = w.id
LEFT JOIN transition_via v ON v.transition_id = t.id
WHERE w.app_id = :app_id;

-- name: search_phrase
-- Candidates containing a phrase (trigram FTS5: any piece of three or more
-- characters), with what ranking needs from their window. :app_id NULL = all apps.
SELECT s.text AS text, s.kind AS kind, s.window_id AS window_id,
  w.app_id AS app_id, w.last_seen AS last_seen
FROM search s JOIN windows w ON w.id = s.window_id
WHERE search MATCH :match AND (:app_id IS NULL OR w.app_id = :app_id)
LIMIT :limit;

-- name: search_short_elements
-- Short queries the trigram index cannot answer: element texts equal to or
-- starting with the query, through the case-insensitive index.
SELECT e.text AS text, 'element' AS kind, e.window_id AS window_id,
  w.app_id AS app_id, w.last_seen AS last_seen
FROM elements e JOIN windows w ON w.id = e.window_id
WHERE e.text COLLATE NOCASE >= :lo AND e.text COLLATE NOCASE < :hi
  AND (:app_id IS NULL OR w.app_id = :app_id)
LIMIT :limit;

-- name: search_short_titles_icons
-- Short queries against window titles and icon names (small tables; LIKE scan).
SELECT w.title AS text, 'window' AS kind, w.id AS window_id,
  w.app_id AS app_id, w.last_seen AS last_seen
FROM windows w
WHERE w.title LIKE :pattern ESCAPE '\' AND (:app_id IS NULL OR w.app_id = :app_id)
UNION ALL
SELECT g.label AS text, 'icon' AS kind, s.window_id AS window_id,
  w.app_id AS app_id, w.last_seen AS last_seen
FROM glyphs g
  JOIN glyph_sightings s ON s.glyph_id = g.id
  JOIN windows w ON w.id = s.window_id
WHERE g.label LIKE :pattern ESCAPE '\' AND (:app_id IS NULL OR w.app_id = :app_id)
LIMIT :limit;

-- name: recall_window_brief
-- What a search hit needs to know about its window.
SELECT w.id, w.app_id, w.title, w.kind, w.app_version, w.seen_count, w.last_seen,
  a.name AS app_name, a.version AS app_version_now, a.last_window AS app_last_window
FROM windows w JOIN apps a ON a.id = w.app_id
WHERE w.id = :id;
