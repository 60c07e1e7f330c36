-- Memory packs: what `choto memory export` reads of the interface graph, and
-- what an import writes when it merges a pack in (src/graph/pack/).

-- name: pack_apps
SELECT id, name, version, version_seen, first_seen, last_seen, last_window FROM apps ORDER BY name;

-- name: pack_windows_of_app
SELECT id, identity, title, kind, width, height, app_version, seen_count, first_seen, last_seen
FROM windows WHERE app_id = :app_id ORDER BY id;

-- name: pack_elements_of_window
SELECT text, nth, x, y, w, h, conf, first_seen, last_seen
FROM elements WHERE window_id = :window_id ORDER BY y, x, id;

-- name: pack_named_glyphs_of_app
-- Only named drawings travel: a pack holds no pixels, and an unnamed drawing
-- without its crop could not be shown to anyone for naming.
SELECT id, phash, w, h, label, label_from, label_at, first_seen, last_seen
FROM glyphs WHERE app_id = :app_id AND label IS NOT NULL ORDER BY id;

-- name: pack_places_of_glyph
SELECT window_id, x, y, w, h, near, first_seen, last_seen
FROM glyph_sightings WHERE glyph_id = :glyph_id ORDER BY id;

-- name: pack_transitions_of_app
SELECT t.from_window, t.to_window, t.action, t.text, t.scope, v.via, t.count, t.first_seen, t.last_seen
FROM transitions t JOIN windows w ON w.id = t.from_window
LEFT JOIN transition_via v ON v.transition_id = t.id
WHERE w.app_id = :app_id ORDER BY t.id;

-- name: pack_clicks_of_app
SELECT c.window_id, c.text, c.scope, c.count, c.first_seen, c.last_seen
FROM clicks c JOIN windows w ON w.id = c.window_id
WHERE w.app_id = :app_id ORDER BY c.window_id, c.text, c.scope;

-- name: pack_typed_texts
-- What choto typed, as the audit log still remembers it: its hash, and the
-- text itself when the policy keeps it. An export leaves such texts out.
SELECT DISTINCT text_sha256, text FROM audit_events
WHERE kind = 'input' AND text_sha256 IS NOT NULL;

-- name: pack_recipes
SELECT r.run_id, m.goal, i.title, i.intent, i.acceptance, r.plan, r.app, r.app_build, r.llm_version_tag,
  r.screen_width, r.screen_height, r.window_identity, r.window_title, r.window_width, r.window_height,
  r.recorded_at
FROM mission_recipes r JOIN mission_items i ON i.id = r.item_id JOIN missions m ON m.id = i.mission_id
ORDER BY m.id, i.position;

-- name: pack_find_app
SELECT id, version, version_seen, first_seen, last_seen FROM apps WHERE name = :name;

-- name: pack_insert_app
INSERT INTO apps (name, version, version_seen, first_seen, last_seen)
VALUES (:name, :version, :version_seen, :first_seen, :last_seen)
RETURNING id;

-- name: pack_update_app
UPDATE apps SET version = :version, version_seen = :version_seen, first_seen = :first_seen,
  last_seen = :last_seen
WHERE id = :id;

-- name: pack_insert_window
INSERT INTO windows (app_id, identity, title, kind, width, height, app_version, seen_count, first_seen,
  last_seen)
VALUES (:app_id, :identity, :title, :kind, :width, :height, :app_version, :seen_count, :first_seen,
  :last_seen)
RETURNING id;

-- name: pack_update_window
UPDATE windows SET title = :title, width = :width, height = :height, app_version = :app_version,
  seen_count = :seen_count, first_seen = :first_seen, last_seen = :last_seen
WHERE id = :id;

-- name: pack_widen_window
-- The window as this machine last saw it stays; only what both saw widens.
UPDATE windows SET seen_count = max(seen_count, :seen_count), first_seen = min(first_seen, :first_seen)
WHERE id = :id;

-- name: pack_clear_elements
DELETE FROM elements WHERE window_id = :window_id;

-- name: pack_insert_element
INSERT INTO elements (window_id, text, nth, x, y, w, h, conf, first_seen, last_seen)
VALUES (:window_id, :text, :nth, :x, :y, :w, :h, :conf, :first_seen, :last_seen)
ON CONFLICT (window_id, text, nth) DO UPDATE
SET x = excluded.x, y = excluded.y, w = excluded.w, h = excluded.h, conf = excluded.conf,
    first_seen = excluded.first_seen, last_seen = excluded.last_seen;

-- name: pack_clear_places
DELETE FROM glyph_sightings WHERE window_id = :window_id;

-- name: pack_glyphs_of_app
SELECT id, phash, w, h, label, label_from, label_at, first_seen, last_seen FROM glyphs WHERE app_id = :app_id;

-- name: pack_insert_glyph
INSERT INTO glyphs (app_id, phash, w, h, label, label_from, label_at, png, first_seen, last_seen)
VALUES (:app_id, :phash, :w, :h, :label, :label_from, :label_at, NULL, :first_seen, :last_seen)
RETURNING id;

-- name: pack_name_glyph
UPDATE glyphs SET label = :label, label_from = :label_from, label_at = :label_at WHERE id = :id;

-- name: pack_widen_glyph
UPDATE glyphs SET first_seen = min(first_seen, :first_seen), last_seen = max(last_seen, :last_seen)
WHERE id = :id;

-- name: pack_insert_place
INSERT INTO glyph_sightings (glyph_id, window_id, x, y, w, h, near, first_seen, last_seen)
VALUES (:glyph_id, :window_id, :x, :y, :w, :h, :near, :first_seen, :last_seen)
ON CONFLICT (glyph_id, window_id, x, y) DO UPDATE SET
  w = excluded.w, h = excluded.h, near = excluded.near, last_seen = max(last_seen, excluded.last_seen);

-- name: pack_find_transition
SELECT t.id, t.last_seen, v.via FROM transitions t LEFT JOIN transition_via v ON v.transition_id = t.id
WHERE t.from_window = :from_window AND t.to_window = :to_window AND t.action = :action AND t.text = :text
  AND t.scope = :scope;

-- name: pack_insert_transition
INSERT INTO transitions (from_window, to_window, action, text, scope, count, first_seen, last_seen)
VALUES (:from_window, :to_window, :action, :text, :scope, :count, :first_seen, :last_seen)
RETURNING id;

-- name: pack_widen_transition
-- Both machines walked it: the larger count (an import repeated adds nothing), the wider span of time.
UPDATE transitions SET count = max(count, :count), first_seen = min(first_seen, :first_seen),
  last_seen = max(last_seen, :last_seen)
WHERE id = :id;

-- name: pack_upsert_click
INSERT INTO clicks (window_id, text, scope, count, first_seen, last_seen)
VALUES (:window_id, :text, :scope, :count, :first_seen, :last_seen)
ON CONFLICT (window_id, text, scope) DO UPDATE
SET count = max(count, excluded.count), first_seen = min(first_seen, excluded.first_seen),
    last_seen = max(last_seen, excluded.last_seen);

-- name: pack_insert_run
INSERT INTO mission_runs (item_id, kind, outcome, reason, llm_version_tag, started_at, finished_at)
VALUES (:item_id, 'plan', 'success', NULL, :llm_version_tag, :at, :at)
RETURNING id;

-- name: pack_insert_recipe
INSERT INTO mission_recipes (item_id, run_id, plan, app, app_build, llm_version_tag, screen_width,
  screen_height, window_identity, window_title, window_width, window_height, recorded_at)
VALUES (:item_id, :run_id, :plan, :app, :app_build, :llm_version_tag, :screen_width, :screen_height,
  :window_identity, :window_title, :window_width, :window_height, :recorded_at);

-- name: pack_insert_item
INSERT INTO mission_items (mission_id, position, title, intent, acceptance)
VALUES (:mission_id, :position, :title, :intent, :acceptance)
RETURNING id;

-- name: pack_imported_before
SELECT count(*) AS n FROM imported_packs WHERE sha256 = :sha256;

-- name: pack_mark_imported
INSERT INTO imported_packs (sha256, how, imported_at) VALUES (:sha256, :how, :now)
ON CONFLICT (sha256) DO NOTHING;

-- name: pack_insert_closed_mission
-- A pack's recipes are a record to replay on request, never the mission being worked.
INSERT INTO missions (goal, status, started_at, finished_at) VALUES (:goal, 'done', :now, :now)
RETURNING id;
