-- Coverage counters kept current by triggers, so that "what the map does not
-- know" costs a read of one row per app instead of a scan of every window,
-- click and transition after each write.
--
-- The counts mean exactly what a from-scratch count means
-- (sql/queries/coverage.sql, coverage_recount_*):
--   windows          windows of the app
--   seen_once        ... seen exactly once
--   never_acted_in   ... with no click (either surface) and no transition out
--   no_way_in        ... with no transition in
--   controls_known   element rows of its windows
--   controls_acted   distinct (window, text) pairs acted on in the window
--                    (a window-scope click or transition) that some element
--                    of that window shows
--
-- Every trigger adds the difference one row change makes, judged against the
-- rest of the table as it stands, so the order in which SQLite runs cascades
-- does not matter. Child triggers find the app through window_counters, not
-- windows: during ON DELETE CASCADE the window row is already gone, while its
-- window_counters row lives until the window's own AFTER DELETE trigger.

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

-- Per window: how many clicks and outgoing transitions (acted in when > 0)
-- and incoming transitions (a way in when > 0).
CREATE TABLE window_counters (
  window_id INTEGER PRIMARY KEY,
  app_id    INTEGER NOT NULL,
  acted     INTEGER NOT NULL DEFAULT 0,
  ways_in   INTEGER NOT NULL DEFAULT 0
);

-- One row: a sequence for edges_version.
CREATE TABLE graph_clock (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  edges INTEGER NOT NULL DEFAULT 0
);
INSERT INTO graph_clock (id, edges) VALUES (1, 0);

-- ---- counts of the graph as it stands ----

INSERT INTO window_counters (window_id, app_id, acted, ways_in)
SELECT w.id, w.app_id,
  (SELECT count(*) FROM clicks c WHERE c.window_id = w.id)
    + (SELECT count(*) FROM transitions t WHERE t.from_window = w.id),
  (SELECT count(*) FROM transitions t WHERE t.to_window = w.id)
FROM windows w;

INSERT INTO app_counters (app_id, windows, seen_once, never_acted_in, no_way_in, controls_known, controls_acted)
SELECT a.id,
  (SELECT count(*) FROM windows w WHERE w.app_id = a.id),
  (SELECT count(*) FROM windows w WHERE w.app_id = a.id AND w.seen_count = 1),
  (SELECT count(*) FROM window_counters k WHERE k.app_id = a.id AND k.acted = 0),
  (SELECT count(*) FROM window_counters k WHERE k.app_id = a.id AND k.ways_in = 0),
  (SELECT count(*) FROM windows w JOIN elements e ON e.window_id = w.id WHERE w.app_id = a.id),
  (SELECT count(*) FROM (
     SELECT window_id AS wid, text FROM clicks WHERE scope = 'window'
     UNION
     SELECT from_window AS wid, text FROM transitions WHERE scope = 'window') p
   JOIN windows w ON w.id = p.wid
   WHERE w.app_id = a.id
     AND EXISTS (SELECT 1 FROM elements e WHERE e.window_id = p.wid AND e.text = p.text))
FROM apps a;

-- ---- apps ----

CREATE TRIGGER counters_apps_ai AFTER INSERT ON apps BEGIN
  INSERT INTO app_counters (app_id) VALUES (new.id);
END;

CREATE TRIGGER counters_apps_ad AFTER DELETE ON apps BEGIN
  DELETE FROM app_counters WHERE app_id = old.id;
END;

-- ---- windows ----

CREATE TRIGGER counters_windows_ai AFTER INSERT ON windows BEGIN
  INSERT INTO window_counters (window_id, app_id) VALUES (new.id, new.app_id);
  UPDATE app_counters
  SET windows = windows + 1, seen_once = seen_once + (new.seen_count = 1),
      never_acted_in = never_acted_in + 1, no_way_in = no_way_in + 1
  WHERE app_id = new.app_id;
END;

-- Fires on every re-sighting; the WHEN keeps it to the first one.
CREATE TRIGGER counters_windows_seen AFTER UPDATE OF seen_count ON windows
WHEN old.app_id = new.app_id AND (old.seen_count = 1) <> (new.seen_count = 1) BEGIN
  UPDATE app_counters SET seen_once = seen_once + (new.seen_count = 1) - (old.seen_count = 1)
  WHERE app_id = new.app_id;
END;

-- Never done by choto itself; kept correct for hand edits.
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

-- Runs after the cascades have emptied the window's elements, clicks and
-- transitions (each adjusting the counts through window_counters), so what
-- is left to remove is the window itself.
CREATE TRIGGER counters_windows_ad AFTER DELETE ON windows BEGIN
  UPDATE app_counters
  SET windows = windows - 1, seen_once = seen_once - (old.seen_count = 1),
      never_acted_in = never_acted_in - (SELECT acted = 0 FROM window_counters WHERE window_id = old.id),
      no_way_in = no_way_in - (SELECT ways_in = 0 FROM window_counters WHERE window_id = old.id)
  WHERE app_id = old.app_id;
  DELETE FROM window_counters WHERE window_id = old.id;
END;

-- ---- elements: known controls, and acted pairs gaining or losing their element ----

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

-- Sightings never rename an element (the upsert sets neither column); kept
-- correct for hand edits: the old pair loses the row, the new pair gains it.
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

-- ---- clicks: acted in, and acted pairs ----
-- (window_id, text, scope) is the key, so no other click shares the pair.

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

-- Upserts only bump count and last_seen; kept correct for hand edits.
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

-- ---- transitions: acted in (source), ways in (target), acted pairs, route versions ----

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

-- A repeated transition bumps count and last_seen: the edge's weight changes.
CREATE TRIGGER counters_transitions_weight AFTER UPDATE OF count, last_seen, action ON transitions BEGIN
  UPDATE graph_clock SET edges = edges + 1 WHERE id = 1;
  UPDATE app_counters SET edges_version = (SELECT edges FROM graph_clock WHERE id = 1)
  WHERE app_id = (SELECT app_id FROM window_counters WHERE window_id = new.from_window);
END;

-- Upserts never move an edge; kept correct for hand edits: remove the old
-- edge's share (judged without this row), then add the new one's.
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
