-- Missions, their checklist items, the runs tied to items and the recipes
-- kept from passing runs.

-- name: mission_active
SELECT id, goal, status, started_at, finished_at FROM missions WHERE status = 'active';

-- name: mission_by_id
SELECT id, goal, status, started_at, finished_at FROM missions WHERE id = :id;

-- name: mission_insert
INSERT INTO missions (goal, status, started_at) VALUES (:goal, 'active', :now)
RETURNING id;

-- name: mission_item_insert
INSERT INTO mission_items (mission_id, position, title, intent, acceptance)
VALUES (:mission_id, :position, :title, :intent, :acceptance);

-- name: mission_finish
UPDATE missions SET status = :status, finished_at = :now WHERE id = :id AND status = 'active';

-- name: mission_list
-- Newest first, for the command line.
SELECT id, goal, status, started_at, finished_at FROM missions ORDER BY id DESC LIMIT :limit;

-- name: mission_items
SELECT i.id, i.position, i.title, i.intent, i.acceptance, i.status, i.reason, i.marked_by, i.marked_at,
       (SELECT count(*) FROM mission_recipes r WHERE r.item_id = i.id) AS has_recipe,
       (SELECT count(*) FROM mission_runs u WHERE u.item_id = i.id) AS runs
FROM mission_items i WHERE i.mission_id = :mission_id ORDER BY i.position;

-- name: mission_item_mark
UPDATE mission_items SET status = :status, reason = :reason, marked_by = :marked_by, marked_at = :now
WHERE id = :id;

-- name: mission_run_insert
INSERT INTO mission_runs (item_id, kind, outcome, reason, llm_version_tag, started_at, finished_at)
VALUES (:item_id, :kind, :outcome, :reason, :llm_version_tag, :started_at, :finished_at)
RETURNING id;

-- name: mission_run_window_insert
-- The node may have been forgotten meanwhile; the app and title still say which window it was.
INSERT INTO mission_run_windows (run_id, seq, window_id, app, title)
VALUES (:run_id, :seq, (SELECT id FROM windows WHERE id = :window_id), :app, :title);

-- name: mission_run_windows
SELECT window_id, app, title FROM mission_run_windows WHERE run_id = :run_id ORDER BY seq;

-- name: mission_recipe_upsert
INSERT INTO mission_recipes (item_id, run_id, plan, app, app_build, llm_version_tag, screen_width,
  screen_height, window_identity, window_title, window_width, window_height, recorded_at)
VALUES (:item_id, :run_id, :plan, :app, :app_build, :llm_version_tag, :screen_width, :screen_height,
  :window_identity, :window_title, :window_width, :window_height, :now)
ON CONFLICT (item_id) DO UPDATE SET
  run_id = excluded.run_id, plan = excluded.plan, app = excluded.app, app_build = excluded.app_build,
  llm_version_tag = excluded.llm_version_tag, screen_width = excluded.screen_width,
  screen_height = excluded.screen_height, window_identity = excluded.window_identity,
  window_title = excluded.window_title, window_width = excluded.window_width,
  window_height = excluded.window_height, recorded_at = excluded.recorded_at;

-- name: mission_recipe
SELECT item_id, run_id, plan, app, app_build, llm_version_tag, screen_width, screen_height,
       window_identity, window_title, window_width, window_height, recorded_at
FROM mission_recipes WHERE item_id = :item_id;

-- name: window_node
-- What the graph knows of a window node: the fingerprint of the window a run started in.
SELECT w.id, a.name AS app, w.identity, w.title, w.width, w.height, a.version AS app_version
FROM windows w JOIN apps a ON a.id = w.app_id WHERE w.id = :id;
