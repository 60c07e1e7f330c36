-- When a glyph got its name. Two machines may name one drawing differently
-- (a tooltip here, the model there); merging their memories keeps the name
-- given last, which needs the time each was given. Names given before this
-- column existed count from the glyph's last sighting, the best guess left.
ALTER TABLE glyphs ADD COLUMN label_at INTEGER;
UPDATE glyphs SET label_at = last_seen WHERE label IS NOT NULL;
