-- What choto typed is kept out of the graph word by word: a salted
-- fingerprint of every word (3 characters or more) and digit run it typed,
-- so a read text can be checked against them without the words themselves
-- being kept anywhere. The salt is made on this machine, on first use, and
-- never leaves it (no pack or map reads this table).
CREATE TABLE typed_salt (
  id   INTEGER PRIMARY KEY CHECK (id = 1),
  salt TEXT NOT NULL
);

CREATE TABLE typed_words (
  fingerprint TEXT PRIMARY KEY,
  first_typed INTEGER NOT NULL,                -- ms since the epoch
  -- Typed again or found in a read text: what is still on screen stays longest.
  last_used   INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX typed_words_last_used ON typed_words (last_used);

-- The audit log gains rows of kind 'note': what choto did to the log itself
-- (the oldest rows dropped to keep it within its size). SQLite cannot change
-- a CHECK in place, so the table is built again with its rows.
CREATE TABLE audit_events_next (
  id          INTEGER PRIMARY KEY,
  at          INTEGER NOT NULL,                -- ms since the epoch
  kind        TEXT NOT NULL CHECK (kind IN ('input', 'confirm', 'refusal', 'note')),
  call_id     TEXT,                            -- the MCP request id of the tool call
  tool        TEXT,
  app         TEXT,
  window      TEXT,
  action      TEXT NOT NULL,                   -- click, type, hotkey, scroll, launch, activate…
  target      TEXT,                            -- the text aimed at, or the keys
  x           INTEGER,
  y           INTEGER,
  text_length INTEGER,                         -- typed text: its length in characters…
  text_sha256 TEXT,                            -- …and its hash, unless the config keeps the text
  text        TEXT,
  outcome     TEXT                             -- confirm: accept, decline, cancel, allow, deny, ask; refusal: why
);

INSERT INTO audit_events_next SELECT id, at, kind, call_id, tool, app, window, action, target, x, y,
  text_length, text_sha256, text, outcome FROM audit_events;
DROP TABLE audit_events;
ALTER TABLE audit_events_next RENAME TO audit_events;
CREATE INDEX audit_events_at ON audit_events (at);

-- Glyphs evicted by the per-app cap go least useful first: unnamed, drawn
-- nowhere now, seen longest ago.
CREATE INDEX glyph_sightings_glyph ON glyph_sightings (glyph_id);
