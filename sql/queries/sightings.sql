-- Recording what a read of the screen saw.

-- name: upsert_app
INSERT INTO apps (name, first_seen, last_seen) VALUES (:name, :now, :now)
ON CONFLICT (name) DO UPDATE SET last_seen = excluded.last_seen
RETURNING id, version, first_seen;

-- name: evict_apps_past_cap
-- The apps past :cap, seen longest ago first, never :keep (the one just recorded); their windows,
-- texts and glyphs go with them.
DELETE FROM apps WHERE id IN (
  SELECT id FROM apps WHERE id <> :keep
  ORDER BY last_seen DESC, id DESC LIMIT -1 OFFSET :cap - 1
);

-- name: set_app_version
-- A new build of the app: windows last seen under another version become STALE.
UPDATE apps SET version = :version, version_seen = :now WHERE id = :app_id;

-- name: set_app_last_window
UPDATE apps SET last_window = :window_id WHERE id = :app_id;

-- name: find_window
SELECT id, seen_count, first_seen, last_seen FROM windows
WHERE app_id = :app_id AND identity = :identity;

-- name: insert_window
INSERT INTO windows (app_id, identity, title, kind, width, height, app_version, first_seen, last_seen)
VALUES (:app_id, :identity, :title, :kind, :width, :height, :app_version, :now, :now)
RETURNING id;

-- name: touch_window
UPDATE windows
SET title = :title, width = :width, height = :height, app_version = :app_version,
    seen_count = seen_count + 1, last_seen = :now
WHERE id = :id;

-- name: upsert_element
INSERT INTO elements (window_id, text, nth, x, y, w, h, conf, first_seen, last_seen)
VALUES (:window_id, :text, :nth, :x, :y, :w, :h, :conf, :now, :now)
ON CONFLICT (window_id, text, nth) DO UPDATE
SET x = excluded.x, y = excluded.y, w = excluded.w, h = excluded.h,
    conf = excluded.conf, last_seen = excluded.last_seen;

-- name: drop_elements_not_seen
-- Elements the latest sighting no longer shows.
DELETE FROM elements WHERE window_id = :window_id AND last_seen < :now;

-- name: element_first_seen
-- When the window first showed this text, if it still does.
SELECT min(first_seen) AS first_seen FROM elements WHERE window_id = :window_id AND text = :text;

-- name: evict_windows_past_cap
-- The app's windows past :cap, seen longest ago first, never :keep (the one just recorded).
DELETE FROM windows WHERE id IN (
  SELECT id FROM windows WHERE app_id = :app_id AND id <> :keep
  ORDER BY last_seen DESC, id DESC LIMIT -1 OFFSET :cap - 1
);
