-- The audit log: every batch of input choto sent, every question put to the
-- user and its answer, every refusal by the user's policy. Rows older than the
-- configured retention are deleted when a server starts.
CREATE TABLE audit_events (
  id          INTEGER PRIMARY KEY,
  at          INTEGER NOT NULL,                -- ms since the epoch
  kind        TEXT NOT NULL CHECK (kind IN ('input', 'confirm', 'refusal')),
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

CREATE INDEX audit_events_at ON audit_events (at);
