-- name: forget_app_names
SELECT id, name FROM apps ORDER BY name;

-- name: forget_app_windows
SELECT count(*) AS n FROM windows WHERE app_id = :app_id;

-- name: forget_app
-- Windows, their texts, clicks, transitions and glyphs go with the app (ON DELETE CASCADE).
DELETE FROM apps WHERE id = :app_id;

-- name: forget_elements_before
DELETE FROM elements WHERE last_seen < :before;

-- name: forget_clicks_before
DELETE FROM clicks WHERE last_seen < :before;

-- name: forget_transitions_before
DELETE FROM transitions WHERE last_seen < :before;

-- name: forget_glyphs_before
DELETE FROM glyphs WHERE last_seen < :before;

-- name: forget_windows_before
DELETE FROM windows WHERE last_seen < :before;

-- name: forget_apps_before
-- An app not seen since the cutoff and left without windows.
DELETE FROM apps WHERE last_seen < :before AND NOT EXISTS (SELECT 1 FROM windows WHERE app_id = apps.id);

-- name: forget_readings_before
DELETE FROM read_memory WHERE read_at < :before;

-- name: forget_readings
-- Readings are keyed by pixels, not by app: forgetting an app forgets them all.
DELETE FROM read_memory;

-- name: forget_typed_words_before
-- Fingerprints of typed words not used since the cutoff: the texts they kept out are as old.
DELETE FROM typed_words WHERE last_used < :before;

-- name: forget_app_recipes
-- Recipes recorded in the app, or whose run's route passed through one of its windows.
DELETE FROM mission_recipes
WHERE app = :name COLLATE NOCASE
   OR run_id IN (SELECT run_id FROM mission_run_windows WHERE app = :name COLLATE NOCASE);

-- name: forget_app_routes
-- The routes of runs that passed through the app's windows, whole: a route with holes would mislead.
DELETE FROM mission_run_windows
WHERE run_id IN (SELECT run_id FROM mission_run_windows WHERE app = :name COLLATE NOCASE);
