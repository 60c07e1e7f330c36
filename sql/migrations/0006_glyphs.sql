-- Icons get names. A glyph (one drawing of one app, by perceptual hash) keeps
-- its crop as a PNG at real size and, once known, its name and where the name
-- came from: the app's own tooltip or the model. Each place it is drawn
-- (glyph_sightings: window node and position) now keeps the whole box and the
-- nearest texts, which is the context a person needs to name it.
ALTER TABLE glyph_sightings ADD COLUMN w INTEGER NOT NULL DEFAULT 0;
ALTER TABLE glyph_sightings ADD COLUMN h INTEGER NOT NULL DEFAULT 0;
-- The nearest texts around the glyph, nearest first, one per line.
ALTER TABLE glyph_sightings ADD COLUMN near TEXT NOT NULL DEFAULT '';

-- Naming a glyph names every place it is drawn: the search index learns the
-- name for each of them (and forgets an old one).
CREATE TRIGGER glyphs_label_au AFTER UPDATE OF label ON glyphs BEGIN
  DELETE FROM search WHERE rowid IN (SELECT id * 4 + 2 FROM glyph_sightings WHERE glyph_id = new.id);
  INSERT INTO search (rowid, text, kind, ref_id, window_id)
  SELECT s.id * 4 + 2, new.label, 'icon', new.id, s.window_id
  FROM glyph_sightings s WHERE s.glyph_id = new.id AND new.label IS NOT NULL;
END;

-- Unnamed glyphs of an app, for the naming sheet.
CREATE INDEX glyphs_app_label ON glyphs (app_id, label);
