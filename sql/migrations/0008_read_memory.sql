-- What the screen reader read, kept across restarts so the first look at a
-- screen seen before needs no recognition. A row is one line or one word
-- piece, keyed by a hash of its pixels (never by where it was); `words` is
-- the reading as JSON, relative to that box. Text from a deny-listed window
-- never gets here: its pixels are blanked before anything reads them.
CREATE TABLE read_memory (
  key      TEXT PRIMARY KEY,
  kind     TEXT NOT NULL CHECK (kind IN ('line', 'piece')),
  words    TEXT NOT NULL,
  read_at  INTEGER NOT NULL                    -- ms since the epoch
) WITHOUT ROWID;

CREATE INDEX read_memory_read_at ON read_memory (read_at);
