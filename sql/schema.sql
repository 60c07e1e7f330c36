-- Generated from sql/migrations by `deno task db:schema`; do not edit.

CREATE TABLE app_counters (
  app_id         INTEGER PRIMARY KEY,
  windows        INTEGER NOT NULL DEFAULT 0,
  seen_once      INTEGER NOT NULL DEFAULT 0,
  never_acted_in INTEGER NOT NULL DEFAULT 0,
  no_way_in      INTEGER NOT NULL DEFAULT 0,
  controls_known INTEGER NOT NULL DEFAULT 0,
  controls_acted INTEGER NOT NULL DEFAULT 0,
  -- Changes whenever a transition leaving one of the app's windows does:
  -- keys the app's cached route graph. Taken from graph_clock so that a
  -- deleted app's id, reused, never repeats an old value.
  edges_version  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE apps (
  id           INTEGER PRIMARY KEY,
  name         TEXT NOT NULL UNIQUE,
  -- Version string when the platform reports one; a change marks windows STALE.
  version      TEXT,
  version_seen INTEGER,
  first_seen   INTEGER NOT NULL,
  last_seen    INTEGER NOT NULL,
  -- The window the app was last read in: where routes start by default.
  last_window  INTEGER REFERENCES windows(id) ON DELETE SET NULL
);

CREATE TABLE "audit_events" (
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

CREATE TABLE clicks (
  window_id  INTEGER NOT NULL REFERENCES windows(id) ON DELETE CASCADE,
  text       TEXT NOT NULL,
  scope      TEXT NOT NULL CHECK (scope IN ('window', 'chrome')),
  count      INTEGER NOT NULL DEFAULT 1,
  first_seen INTEGER NOT NULL,
  last_seen  INTEGER NOT NULL,
  PRIMARY KEY (window_id, text, scope)
);

CREATE TABLE elements (
  id         INTEGER PRIMARY KEY,
  window_id  INTEGER NOT NULL REFERENCES windows(id) ON DELETE CASCADE,
  text       TEXT NOT NULL,
  nth        INTEGER NOT NULL DEFAULT 0,
  -- Box relative to the window's top-left corner, in pixels.
  x          INTEGER NOT NULL,
  y          INTEGER NOT NULL,
  w          INTEGER NOT NULL,
  h          INTEGER NOT NULL,
  conf       REAL NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen  INTEGER NOT NULL,
  UNIQUE (window_id, text, nth)
);

CREATE TABLE glyph_sightings (
  id         INTEGER PRIMARY KEY,
  glyph_id   INTEGER NOT NULL REFERENCES glyphs(id) ON DELETE CASCADE,
  window_id  INTEGER NOT NULL REFERENCES windows(id) ON DELETE CASCADE,
  x          INTEGER NOT NULL,
  y          INTEGER NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen  INTEGER NOT NULL, w INTEGER NOT NULL DEFAULT 0, h INTEGER NOT NULL DEFAULT 0, near TEXT NOT NULL DEFAULT '',
  UNIQUE (glyph_id, window_id, x, y)
);

CREATE TABLE glyphs (
  id         INTEGER PRIMARY KEY,
  app_id     INTEGER NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  phash      TEXT NOT NULL,
  label      TEXT,
  label_from TEXT,
  w          INTEGER NOT NULL,
  h          INTEGER NOT NULL,
  png        BLOB,
  first_seen INTEGER NOT NULL,
  last_seen  INTEGER NOT NULL, label_at INTEGER,
  UNIQUE (app_id, phash)
);

CREATE TABLE graph_clock (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  edges INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE imported_packs (
  sha256      TEXT PRIMARY KEY CHECK (length(sha256) = 64),
  how         TEXT NOT NULL CHECK (how IN ('seed', 'import')),
  imported_at INTEGER NOT NULL
);

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

CREATE TABLE mission_run_windows (
  run_id    INTEGER NOT NULL REFERENCES mission_runs(id) ON DELETE CASCADE,
  seq       INTEGER NOT NULL,
  window_id INTEGER REFERENCES windows(id) ON DELETE SET NULL,
  app       TEXT NOT NULL,
  title     TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
);

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

CREATE TABLE missions (
  id          INTEGER PRIMARY KEY,
  goal        TEXT NOT NULL CHECK (length(trim(goal)) > 0),
  status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'done', 'abandoned')),
  started_at  INTEGER NOT NULL,
  finished_at INTEGER,
  CHECK ((status = 'active') = (finished_at IS NULL))
);

CREATE TABLE "read_memory" (
  key      TEXT PRIMARY KEY,
  kind     TEXT NOT NULL CHECK (kind IN ('line', 'piece', 'cell')),
  words    TEXT NOT NULL,
  read_at  INTEGER NOT NULL                    -- ms since the epoch
) WITHOUT ROWID;

CREATE VIRTUAL TABLE search USING fts5(
  text,
  kind UNINDEXED,
  ref_id UNINDEXED,
  window_id UNINDEXED,
  tokenize = 'trigram'
);

CREATE TABLE transition_via (
  transition_id INTEGER PRIMARY KEY REFERENCES transitions(id) ON DELETE CASCADE,
  via           TEXT NOT NULL
);

CREATE TABLE transitions (
  id          INTEGER PRIMARY KEY,
  from_window INTEGER NOT NULL REFERENCES windows(id) ON DELETE CASCADE,
  to_window   INTEGER NOT NULL REFERENCES windows(id) ON DELETE CASCADE,
  action      TEXT NOT NULL,
  text        TEXT NOT NULL,
  scope       TEXT NOT NULL CHECK (scope IN ('window', 'chrome')),
  count       INTEGER NOT NULL DEFAULT 1,
  first_seen  INTEGER NOT NULL,
  last_seen   INTEGER NOT NULL,
  UNIQUE (from_window, to_window, action, text, scope)
);

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

CREATE TABLE window_counters (
  window_id INTEGER PRIMARY KEY,
  app_id    INTEGER NOT NULL,
  acted     INTEGER NOT NULL DEFAULT 0,
  ways_in   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE windows (
  id          INTEGER PRIMARY KEY,
  app_id      INTEGER NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  -- Normalised title + structural signature (src/graph/identity.ts).
  identity    TEXT NOT NULL,
  title       TEXT NOT NULL,
  kind        TEXT NOT NULL,
  width       INTEGER NOT NULL,
  height      INTEGER NOT NULL,
  -- The app version this window was last seen under.
  app_version TEXT,
  seen_count  INTEGER NOT NULL DEFAULT 1,
  first_seen  INTEGER NOT NULL,
  last_seen   INTEGER NOT NULL,
  UNIQUE (app_id, identity)
);

CREATE INDEX audit_events_at ON audit_events (at);

CREATE INDEX elements_text_nocase ON elements (text COLLATE NOCASE);

CREATE INDEX glyph_sightings_glyph ON glyph_sightings (glyph_id);

CREATE INDEX glyph_sightings_window ON glyph_sightings (window_id);

CREATE INDEX glyphs_app_label ON glyphs (app_id, label);

CREATE INDEX mission_runs_item ON mission_runs (item_id);

CREATE UNIQUE INDEX missions_one_active ON missions (status) WHERE status = 'active';

CREATE INDEX read_memory_read_at ON read_memory (read_at);

CREATE INDEX transitions_to ON transitions (to_window);

CREATE INDEX typed_words_last_used ON typed_words (last_used);

CREATE INDEX windows_app_seen ON windows (app_id, last_seen);

CREATE TRIGGER counters_apps_ad AFTER DELETE ON apps BEGIN
  DELETE FROM app_counters WHERE app_id = old.id;
END;

CREATE TRIGGER counters_apps_ai AFTER INSERT ON apps BEGIN
  INSERT INTO app_counters (app_id) VALUES (new.id);
END;

CREATE TRIGGER counters_clicks_ad AFTER DELETE ON clicks BEGIN
  UPDATE window_counters SET acted = acted - 1 WHERE window_id = old.window_id;
  UPDATE app_counters
  SET never_acted_in = never_acted_in + (SELECT acted = 0 FROM window_counters WHERE window_id = old.window_id),
      controls_acted = controls_acted - (
        old.scope = 'window'
        AND NOT EXISTS (SELECT 1 FROM transitions t
                        WHERE t.from_window = old.window_id AND t.text = old.text AND t.scope = 'window')
        AND EXISTS (SELECT 1 FROM elements e WHERE e.window_id = old.window_id AND e.text = old.text))
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = old.window_id);
END;

CREATE TRIGGER counters_clicks_ai AFTER INSERT ON clicks BEGIN
  UPDATE app_counters
  SET never_acted_in = never_acted_in - (SELECT acted = 0 FROM window_counters WHERE window_id = new.window_id),
      controls_acted = controls_acted + (
        new.scope = 'window'
        AND NOT EXISTS (SELECT 1 FROM transitions t
                        WHERE t.from_window = new.window_id AND t.text = new.text AND t.scope = 'window')
        AND EXISTS (SELECT 1 FROM elements e WHERE e.window_id = new.window_id AND e.text = new.text))
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = new.window_id);
  UPDATE window_counters SET acted = acted + 1 WHERE window_id = new.window_id;
END;

CREATE TRIGGER counters_clicks_au AFTER UPDATE OF window_id, text, scope ON clicks
WHEN old.window_id <> new.window_id OR old.text <> new.text OR old.scope <> new.scope BEGIN
  UPDATE window_counters SET acted = acted - 1 WHERE window_id = old.window_id;
  UPDATE app_counters
  SET never_acted_in = never_acted_in + (SELECT acted = 0 FROM window_counters WHERE window_id = old.window_id),
      controls_acted = controls_acted - (
        old.scope = 'window'
        AND NOT EXISTS (SELECT 1 FROM transitions t
                        WHERE t.from_window = old.window_id AND t.text = old.text AND t.scope = 'window')
        AND EXISTS (SELECT 1 FROM elements e WHERE e.window_id = old.window_id AND e.text = old.text))
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = old.window_id);
  UPDATE app_counters
  SET never_acted_in = never_acted_in - (SELECT acted = 0 FROM window_counters WHERE window_id = new.window_id),
      controls_acted = controls_acted + (
        new.scope = 'window'
        AND NOT EXISTS (SELECT 1 FROM transitions t
                        WHERE t.from_window = new.window_id AND t.text = new.text AND t.scope = 'window')
        AND EXISTS (SELECT 1 FROM elements e WHERE e.window_id = new.window_id AND e.text = new.text))
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = new.window_id);
  UPDATE window_counters SET acted = acted + 1 WHERE window_id = new.window_id;
END;

CREATE TRIGGER counters_elements_ad AFTER DELETE ON elements BEGIN
  UPDATE app_counters
  SET controls_known = controls_known - 1,
      controls_acted = controls_acted - (
        (EXISTS (SELECT 1 FROM clicks c
                 WHERE c.window_id = old.window_id AND c.text = old.text AND c.scope = 'window')
         OR EXISTS (SELECT 1 FROM transitions t
                    WHERE t.from_window = old.window_id AND t.text = old.text AND t.scope = 'window'))
        AND NOT EXISTS (SELECT 1 FROM elements e WHERE e.window_id = old.window_id AND e.text = old.text))
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = old.window_id);
END;

CREATE TRIGGER counters_elements_ai AFTER INSERT ON elements BEGIN
  UPDATE app_counters
  SET controls_known = controls_known + 1,
      controls_acted = controls_acted + (
        (EXISTS (SELECT 1 FROM clicks c
                 WHERE c.window_id = new.window_id AND c.text = new.text AND c.scope = 'window')
         OR EXISTS (SELECT 1 FROM transitions t
                    WHERE t.from_window = new.window_id AND t.text = new.text AND t.scope = 'window'))
        AND NOT EXISTS (SELECT 1 FROM elements e
                        WHERE e.window_id = new.window_id AND e.text = new.text AND e.id <> new.id))
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = new.window_id);
END;

CREATE TRIGGER counters_elements_au AFTER UPDATE OF window_id, text ON elements
WHEN old.window_id <> new.window_id OR old.text <> new.text BEGIN
  UPDATE app_counters
  SET controls_known = controls_known - 1,
      controls_acted = controls_acted - (
        (EXISTS (SELECT 1 FROM clicks c
                 WHERE c.window_id = old.window_id AND c.text = old.text AND c.scope = 'window')
         OR EXISTS (SELECT 1 FROM transitions t
                    WHERE t.from_window = old.window_id AND t.text = old.text AND t.scope = 'window'))
        AND NOT EXISTS (SELECT 1 FROM elements e
                        WHERE e.window_id = old.window_id AND e.text = old.text AND e.id <> old.id))
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = old.window_id);
  UPDATE app_counters
  SET controls_known = controls_known + 1,
      controls_acted = controls_acted + (
        (EXISTS (SELECT 1 FROM clicks c
                 WHERE c.window_id = new.window_id AND c.text = new.text AND c.scope = 'window')
         OR EXISTS (SELECT 1 FROM transitions t
                    WHERE t.from_window = new.window_id AND t.text = new.text AND t.scope = 'window'))
        AND NOT EXISTS (SELECT 1 FROM elements e
                        WHERE e.window_id = new.window_id AND e.text = new.text AND e.id <> new.id))
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = new.window_id);
END;

CREATE TRIGGER counters_transitions_ad AFTER DELETE ON transitions BEGIN
  UPDATE graph_clock SET edges = edges + 1 WHERE id = 1;
  UPDATE window_counters SET acted = acted - 1 WHERE window_id = old.from_window;
  UPDATE app_counters
  SET never_acted_in = never_acted_in + (SELECT acted = 0 FROM window_counters WHERE window_id = old.from_window),
      controls_acted = controls_acted - (
        old.scope = 'window'
        AND NOT EXISTS (SELECT 1 FROM clicks c
                        WHERE c.window_id = old.from_window AND c.text = old.text AND c.scope = 'window')
        AND NOT EXISTS (SELECT 1 FROM transitions t
                        WHERE t.from_window = old.from_window AND t.text = old.text AND t.scope = 'window')
        AND EXISTS (SELECT 1 FROM elements e WHERE e.window_id = old.from_window AND e.text = old.text)),
      edges_version = (SELECT edges FROM graph_clock WHERE id = 1)
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = old.from_window);
  UPDATE window_counters SET ways_in = ways_in - 1 WHERE window_id = old.to_window;
  UPDATE app_counters
  SET no_way_in = no_way_in + (SELECT ways_in = 0 FROM window_counters WHERE window_id = old.to_window)
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = old.to_window);
END;

CREATE TRIGGER counters_transitions_ai AFTER INSERT ON transitions BEGIN
  UPDATE graph_clock SET edges = edges + 1 WHERE id = 1;
  UPDATE app_counters
  SET never_acted_in = never_acted_in - (SELECT acted = 0 FROM window_counters WHERE window_id = new.from_window),
      controls_acted = controls_acted + (
        new.scope = 'window'
        AND NOT EXISTS (SELECT 1 FROM clicks c
                        WHERE c.window_id = new.from_window AND c.text = new.text AND c.scope = 'window')
        AND NOT EXISTS (SELECT 1 FROM transitions t
                        WHERE t.from_window = new.from_window AND t.text = new.text AND t.scope = 'window'
                          AND t.id <> new.id)
        AND EXISTS (SELECT 1 FROM elements e WHERE e.window_id = new.from_window AND e.text = new.text)),
      edges_version = (SELECT edges FROM graph_clock WHERE id = 1)
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = new.from_window);
  UPDATE window_counters SET acted = acted + 1 WHERE window_id = new.from_window;
  UPDATE app_counters
  SET no_way_in = no_way_in - (SELECT ways_in = 0 FROM window_counters WHERE window_id = new.to_window)
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = new.to_window);
  UPDATE window_counters SET ways_in = ways_in + 1 WHERE window_id = new.to_window;
END;

CREATE TRIGGER counters_transitions_move AFTER UPDATE OF from_window, to_window, text, scope ON transitions
WHEN old.from_window <> new.from_window OR old.to_window <> new.to_window
  OR old.text <> new.text OR old.scope <> new.scope BEGIN
  UPDATE graph_clock SET edges = edges + 1 WHERE id = 1;
  UPDATE window_counters SET acted = acted - 1 WHERE window_id = old.from_window;
  UPDATE app_counters
  SET never_acted_in = never_acted_in + (SELECT acted = 0 FROM window_counters WHERE window_id = old.from_window),
      controls_acted = controls_acted - (
        old.scope = 'window'
        AND NOT EXISTS (SELECT 1 FROM clicks c
                        WHERE c.window_id = old.from_window AND c.text = old.text AND c.scope = 'window')
        AND NOT EXISTS (SELECT 1 FROM transitions t
                        WHERE t.from_window = old.from_window AND t.text = old.text AND t.scope = 'window'
                          AND t.id <> old.id)
        AND EXISTS (SELECT 1 FROM elements e WHERE e.window_id = old.from_window AND e.text = old.text)),
      edges_version = (SELECT edges FROM graph_clock WHERE id = 1)
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = old.from_window);
  UPDATE window_counters SET ways_in = ways_in - 1 WHERE window_id = old.to_window;
  UPDATE app_counters
  SET no_way_in = no_way_in + (SELECT ways_in = 0 FROM window_counters WHERE window_id = old.to_window)
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = old.to_window);
  UPDATE app_counters
  SET never_acted_in = never_acted_in - (SELECT acted = 0 FROM window_counters WHERE window_id = new.from_window),
      controls_acted = controls_acted + (
        new.scope = 'window'
        AND NOT EXISTS (SELECT 1 FROM clicks c
                        WHERE c.window_id = new.from_window AND c.text = new.text AND c.scope = 'window')
        AND NOT EXISTS (SELECT 1 FROM transitions t
                        WHERE t.from_window = new.from_window AND t.text = new.text AND t.scope = 'window'
                          AND t.id <> new.id)
        AND EXISTS (SELECT 1 FROM elements e WHERE e.window_id = new.from_window AND e.text = new.text)),
      edges_version = (SELECT edges FROM graph_clock WHERE id = 1)
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = new.from_window);
  UPDATE window_counters SET acted = acted + 1 WHERE window_id = new.from_window;
  UPDATE app_counters
  SET no_way_in = no_way_in - (SELECT ways_in = 0 FROM window_counters WHERE window_id = new.to_window)
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = new.to_window);
  UPDATE window_counters SET ways_in = ways_in + 1 WHERE window_id = new.to_window;
END;

CREATE TRIGGER counters_transitions_weight AFTER UPDATE OF count, last_seen, action ON transitions BEGIN
  UPDATE graph_clock SET edges = edges + 1 WHERE id = 1;
  UPDATE app_counters SET edges_version = (SELECT edges FROM graph_clock WHERE id = 1)
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = new.from_window);
END;

CREATE TRIGGER counters_windows_ad AFTER DELETE ON windows BEGIN
  UPDATE app_counters
  SET windows = windows - 1, seen_once = seen_once - (old.seen_count = 1),
      never_acted_in = never_acted_in - (SELECT acted = 0 FROM window_counters WHERE window_id = old.id),
      no_way_in = no_way_in - (SELECT ways_in = 0 FROM window_counters WHERE window_id = old.id)
  WHERE app_id = old.app_id;
  DELETE FROM window_counters WHERE window_id = old.id;
END;

CREATE TRIGGER counters_windows_ai AFTER INSERT ON windows BEGIN
  INSERT INTO window_counters (window_id, app_id) VALUES (new.id, new.app_id);
  UPDATE app_counters
  SET windows = windows + 1, seen_once = seen_once + (new.seen_count = 1),
      never_acted_in = never_acted_in + 1, no_way_in = no_way_in + 1
  WHERE app_id = new.app_id;
END;

CREATE TRIGGER counters_windows_move AFTER UPDATE OF app_id ON windows
WHEN old.app_id <> new.app_id BEGIN
  UPDATE graph_clock SET edges = edges + 1 WHERE id = 1;
  UPDATE app_counters
  SET windows = windows - 1, seen_once = seen_once - (old.seen_count = 1),
      never_acted_in = never_acted_in - (SELECT acted = 0 FROM window_counters WHERE window_id = old.id),
      no_way_in = no_way_in - (SELECT ways_in = 0 FROM window_counters WHERE window_id = old.id),
      controls_known = controls_known - (SELECT count(*) FROM elements WHERE window_id = old.id),
      controls_acted = controls_acted - (
        SELECT count(*) FROM (
          SELECT text FROM clicks WHERE window_id = old.id AND scope = 'window'
          UNION
          SELECT text FROM transitions WHERE from_window = old.id AND scope = 'window') p
        WHERE EXISTS (SELECT 1 FROM elements e WHERE e.window_id = old.id AND e.text = p.text)),
      edges_version = (SELECT edges FROM graph_clock WHERE id = 1)
  WHERE app_id = old.app_id;
  UPDATE app_counters
  SET windows = windows + 1, seen_once = seen_once + (new.seen_count = 1),
      never_acted_in = never_acted_in + (SELECT acted = 0 FROM window_counters WHERE window_id = old.id),
      no_way_in = no_way_in + (SELECT ways_in = 0 FROM window_counters WHERE window_id = old.id),
      controls_known = controls_known + (SELECT count(*) FROM elements WHERE window_id = new.id),
      controls_acted = controls_acted + (
        SELECT count(*) FROM (
          SELECT text FROM clicks WHERE window_id = new.id AND scope = 'window'
          UNION
          SELECT text FROM transitions WHERE from_window = new.id AND scope = 'window') p
        WHERE EXISTS (SELECT 1 FROM elements e WHERE e.window_id = new.id AND e.text = p.text)),
      edges_version = (SELECT edges FROM graph_clock WHERE id = 1)
  WHERE app_id = new.app_id;
  UPDATE window_counters SET app_id = new.app_id WHERE window_id = old.id;
END;

CREATE TRIGGER counters_windows_seen AFTER UPDATE OF seen_count ON windows
WHEN old.app_id = new.app_id AND (old.seen_count = 1) <> (new.seen_count = 1) BEGIN
  UPDATE app_counters SET seen_once = seen_once + (new.seen_count = 1) - (old.seen_count = 1)
  WHERE app_id = new.app_id;
END;

CREATE TRIGGER elements_ad AFTER DELETE ON elements BEGIN
  DELETE FROM search WHERE rowid = old.id * 4;
END;

CREATE TRIGGER elements_ai AFTER INSERT ON elements BEGIN
  INSERT INTO search (rowid, text, kind, ref_id, window_id)
  VALUES (new.id * 4, new.text, 'element', new.id, new.window_id);
END;

CREATE TRIGGER glyphs_label_au AFTER UPDATE OF label ON glyphs BEGIN
  DELETE FROM search WHERE rowid IN (SELECT id * 4 + 2 FROM glyph_sightings WHERE glyph_id = new.id);
  INSERT INTO search (rowid, text, kind, ref_id, window_id)
  SELECT s.id * 4 + 2, new.label, 'icon', new.id, s.window_id
  FROM glyph_sightings s WHERE s.glyph_id = new.id AND new.label IS NOT NULL;
END;

CREATE TRIGGER sightings_ad AFTER DELETE ON glyph_sightings BEGIN
  DELETE FROM search WHERE rowid = old.id * 4 + 2;
END;

CREATE TRIGGER sightings_ai AFTER INSERT ON glyph_sightings
WHEN (SELECT label FROM glyphs WHERE id = new.glyph_id) IS NOT NULL BEGIN
  INSERT OR REPLACE INTO search (rowid, text, kind, ref_id, window_id)
  VALUES (new.id * 4 + 2, (SELECT label FROM glyphs WHERE id = new.glyph_id),
          'icon', new.glyph_id, new.window_id);
END;

CREATE TRIGGER windows_ad AFTER DELETE ON windows BEGIN
  DELETE FROM search WHERE rowid = old.id * 4 + 1;
END;

CREATE TRIGGER windows_ai AFTER INSERT ON windows BEGIN
  INSERT INTO search (rowid, text, kind, ref_id, window_id)
  VALUES (new.id * 4 + 1, new.title, 'window', new.id, new.id);
END;

CREATE TRIGGER windows_au AFTER UPDATE OF title ON windows BEGIN
  DELETE FROM search WHERE rowid = old.id * 4 + 1;
  INSERT INTO search (rowid, text, kind, ref_id, window_id)
  VALUES (new.id * 4 + 1, new.title, 'window', new.id, new.id);
END;
