-- name: audit_insert
INSERT INTO audit_events (at, kind, call_id, tool, app, window, action, target, x, y, text_length, text_sha256, text, outcome)
VALUES (:at, :kind, :call_id, :tool, :app, :window, :action, :target, :x, :y, :text_length, :text_sha256, :text, :outcome);

-- name: audit_since
-- The log from a time on, oldest first.
SELECT id, at, kind, call_id, tool, app, window, action, target, x, y, text_length, text_sha256, text, outcome
FROM audit_events WHERE at >= :since ORDER BY at, id;

-- name: audit_prune
DELETE FROM audit_events WHERE at < :before;

-- name: audit_size
-- Rows and their size in bytes (texts' lengths plus a row's fixed share).
SELECT count(*) AS n, coalesce(sum(64 + coalesce(length(CAST(call_id AS BLOB)), 0) + coalesce(length(CAST(tool AS BLOB)), 0)
  + coalesce(length(CAST(app AS BLOB)), 0) + coalesce(length(CAST(window AS BLOB)), 0) + length(CAST(action AS BLOB))
  + coalesce(length(CAST(target AS BLOB)), 0) + coalesce(length(CAST(text_sha256 AS BLOB)), 0)
  + coalesce(length(CAST(text AS BLOB)), 0) + coalesce(length(CAST(outcome AS BLOB)), 0)), 0) AS bytes
FROM audit_events;

-- name: audit_cut
-- The newest row to drop so that at most :keep_rows rows of at most :keep_bytes bytes stay, newest kept; null for none.
SELECT max(id) AS id FROM (
  SELECT id, row_number() OVER newest AS nth,
    sum(64 + coalesce(length(CAST(call_id AS BLOB)), 0) + coalesce(length(CAST(tool AS BLOB)), 0)
      + coalesce(length(CAST(app AS BLOB)), 0) + coalesce(length(CAST(window AS BLOB)), 0) + length(CAST(action AS BLOB))
      + coalesce(length(CAST(target AS BLOB)), 0) + coalesce(length(CAST(text_sha256 AS BLOB)), 0)
      + coalesce(length(CAST(text AS BLOB)), 0) + coalesce(length(CAST(outcome AS BLOB)), 0)) OVER newest AS kept
  FROM audit_events
  WINDOW newest AS (ORDER BY id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
) WHERE nth > :keep_rows OR kept > :keep_bytes;

-- name: audit_drop_through
DELETE FROM audit_events WHERE id <= :id;
