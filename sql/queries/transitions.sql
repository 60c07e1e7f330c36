-- Recording what acting on a window did: the edges of the graph and the
-- controls that were ever acted on (coverage).

-- name: upsert_transition
INSERT INTO transitions (from_window, to_window, action, text, scope, count, first_seen, last_seen)
VALUES (:from_window, :to_window, :action, :text, :scope, 1, :now, :now)
ON CONFLICT (from_window, to_window, action, text, scope) DO UPDATE
SET count = count + 1, last_seen = max(last_seen, excluded.last_seen)
RETURNING id, count;

-- name: set_transition_via
-- The menu opened just before the transition's chrome-scope click.
INSERT INTO transition_via (transition_id, via) VALUES (:transition_id, :via)
ON CONFLICT (transition_id) DO UPDATE SET via = excluded.via;

-- name: upsert_click
INSERT INTO clicks (window_id, text, scope, count, first_seen, last_seen)
VALUES (:window_id, :text, :scope, 1, :now, :now)
ON CONFLICT (window_id, text, scope) DO UPDATE
SET count = count + 1, last_seen = max(last_seen, excluded.last_seen)
RETURNING count;
