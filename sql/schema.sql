-- Generated from sql/migrations by `deno task db:schema`; do not edit.

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
  last_seen  INTEGER NOT NULL,
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
  last_seen  INTEGER NOT NULL,
  UNIQUE (app_id, phash)
);

CREATE VIRTUAL TABLE search USING fts5(
  text,
  kind UNINDEXED,
  ref_id UNINDEXED,
  window_id UNINDEXED,
  tokenize = 'trigram'
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

CREATE INDEX elements_text_nocase ON elements (text COLLATE NOCASE);

CREATE INDEX glyph_sightings_window ON glyph_sightings (window_id);

CREATE INDEX transitions_to ON transitions (to_window);

CREATE INDEX windows_app_seen ON windows (app_id, last_seen);

CREATE TRIGGER elements_ad AFTER DELETE ON elements BEGIN
  DELETE FROM search WHERE rowid = old.id * 4;
END;

CREATE TRIGGER elements_ai AFTER INSERT ON elements BEGIN
  INSERT INTO search (rowid, text, kind, ref_id, window_id)
  VALUES (new.id * 4, new.text, 'element', new.id, new.window_id);
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
