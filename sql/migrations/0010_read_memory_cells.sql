-- The read memory also keeps the character cells of fixed-pitch text
-- (editors, terminals): a row of kind 'cell' is one cell's pixels, keyed by
-- their hash, and `words` the one character read in it, or none for a cell
-- read as two characters. SQLite cannot change a CHECK in place, so the
-- table is built again with its rows.
CREATE TABLE read_memory_next (
  key      TEXT PRIMARY KEY,
  kind     TEXT NOT NULL CHECK (kind IN ('line', 'piece', 'cell')),
  words    TEXT NOT NULL,
  read_at  INTEGER NOT NULL                    -- ms since the epoch
) WITHOUT ROWID;

INSERT INTO read_memory_next (key, kind, words, read_at) SELECT key, kind, words, read_at FROM read_memory;
DROP TABLE read_memory;
ALTER TABLE read_memory_next RENAME TO read_memory;
CREATE INDEX read_memory_read_at ON read_memory (read_at);
