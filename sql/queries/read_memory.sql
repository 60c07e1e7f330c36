-- name: read_memory_load
-- The newest readings of one kind, newest first.
SELECT key, words FROM read_memory WHERE kind = :kind ORDER BY read_at DESC LIMIT :limit;

-- name: read_memory_save
INSERT INTO read_memory (key, kind, words, read_at) VALUES (:key, :kind, :words, :read_at)
ON CONFLICT (key) DO UPDATE SET words = excluded.words, read_at = excluded.read_at;

-- name: read_memory_trim
-- Keeps the newest :keep readings of one kind.
DELETE FROM read_memory WHERE kind = :kind AND key NOT IN (
  SELECT key FROM read_memory WHERE kind = :kind ORDER BY read_at DESC LIMIT :keep
);
