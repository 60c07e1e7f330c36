-- Missions: a checklist the model keeps outside its context. Items are worked
-- by runs (execute_plan or a replay tied to an item) or marked by the model;
-- a passing run's steps are kept as the item's recipe together with a
-- fingerprint of the world they worked in. Nothing here is ever deleted by
-- the tools: a finished mission stays as its closing record.

CREATE TABLE missions (
  id          INTEGER PRIMARY KEY,
  goal        TEXT NOT NULL CHECK (length(trim(goal)) > 0),
  status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'done', 'abandoned')),
  started_at  INTEGER NOT NULL,
  finished_at INTEGER,
  CHECK ((status = 'active') = (finished_at IS NULL))
);
-- At most one active mission, held by the database itself: every active row
-- has the same key in this partial index, so a second one cannot be inserted
-- by any connection, whatever the code around it checked first.
CREATE UNIQUE INDEX missions_one_active ON missions (status) WHERE status = 'active';

CREATE TABLE mission_items (
  id         INTEGER PRIMARY KEY,
  mission_id INTEGER NOT NULL REFERENCES missions(id) ON DELETE CASCADE,
  -- 1-based place in the checklist: the number the model calls the item by.
  position   INTEGER NOT NULL CHECK (position >= 1),
  title      TEXT NOT NULL CHECK (length(trim(title)) > 0),
  intent     TEXT NOT NULL CHECK (length(trim(intent)) > 0),
  acceptance TEXT NOT NULL CHECK (length(trim(acceptance)) > 0),
  status     TEXT NOT NULL DEFAULT 'pending'
             CHECK (status IN ('pending', 'passed', 'failed', 'skipped')),
  -- Why it failed: required on a failure, and nothing else carries one.
  reason     TEXT CHECK (reason IS NULL OR length(trim(reason)) > 0),
  -- Who set the status: a run tied to the item, or the model by hand.
  marked_by  TEXT CHECK (marked_by IN ('run', 'model')),
  marked_at  INTEGER,
  UNIQUE (mission_id, position),
  CHECK ((status = 'failed') = (reason IS NOT NULL)),
  CHECK ((status = 'pending') = (marked_by IS NULL)),
  CHECK ((marked_by IS NULL) = (marked_at IS NULL))
);

-- Each execute_plan or replay tied to an item, with how it ended.
CREATE TABLE mission_runs (
  id              INTEGER PRIMARY KEY,
  item_id         INTEGER NOT NULL REFERENCES mission_items(id) ON DELETE CASCADE,
  kind            TEXT NOT NULL CHECK (kind IN ('plan', 'replay')),
  outcome         TEXT NOT NULL CHECK (outcome IN ('success', 'escalated', 'aborted')),
  reason          TEXT,
  llm_version_tag TEXT,
  started_at      INTEGER NOT NULL,
  finished_at     INTEGER NOT NULL,
  CHECK ((outcome = 'success') = (reason IS NULL))
);
CREATE INDEX mission_runs_item ON mission_runs (item_id);

-- The windows a run walked through, in the order it first reached them. The
-- app and title are kept as text so the record outlives the graph's node.
CREATE TABLE mission_run_windows (
  run_id    INTEGER NOT NULL REFERENCES mission_runs(id) ON DELETE CASCADE,
  seq       INTEGER NOT NULL,
  window_id INTEGER REFERENCES windows(id) ON DELETE SET NULL,
  app       TEXT NOT NULL,
  title     TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
);

-- The exact steps of an item's latest passing run (a plan as JSON) and the
-- world they worked in; the route is that run's windows.
CREATE TABLE mission_recipes (
  item_id         INTEGER PRIMARY KEY REFERENCES mission_items(id) ON DELETE CASCADE,
  run_id          INTEGER NOT NULL REFERENCES mission_runs(id) ON DELETE CASCADE,
  plan            TEXT NOT NULL,
  app             TEXT,
  app_build       TEXT,
  llm_version_tag TEXT,
  screen_width    INTEGER,
  screen_height   INTEGER,
  window_identity TEXT,
  window_title    TEXT,
  window_width    INTEGER,
  window_height   INTEGER,
  recorded_at     INTEGER NOT NULL
);
