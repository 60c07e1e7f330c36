-- name: audit_insert
INSERT INTO audit_events (at, kind, call_id, tool, app, window, action, target, x, y, text_length, text_sha256, text, outcome)
VALUES (:at, :kind, :call_id, :tool, :app, :window, :action, :target, :x, :y, :text_length, :text_sha256, :text, :outcome);

-- name: audit_since
-- The log from a time on, oldest first.
SELECT id, at, kind, call_id, tool, app, window, action, target, x, y, text_length, text_sha256, text, outcome
FROM audit_events WHERE at >= :since ORDER BY at, id;

-- name: audit_prune
DELETE FROM audit_events WHERE at < :before;
