-- Icons: drawings of an app (glyphs) and the places they are drawn.

-- name: glyphs_of_app
-- Every drawing known for an app, to match a new sighting against.
SELECT id, phash, w, h, label, label_from FROM glyphs WHERE app_id = :app_id;

-- name: insert_glyph
INSERT INTO glyphs (app_id, phash, w, h, png, first_seen, last_seen)
VALUES (:app_id, :phash, :w, :h, :png, :now, :now)
RETURNING id;

-- name: touch_glyph
UPDATE glyphs SET last_seen = :now WHERE id = :id;

-- name: upsert_glyph_place
-- One place a glyph is drawn in a window (box relative to the window).
INSERT INTO glyph_sightings (glyph_id, window_id, x, y, w, h, near, first_seen, last_seen)
VALUES (:glyph_id, :window_id, :x, :y, :w, :h, :near, :now, :now)
ON CONFLICT (glyph_id, window_id, x, y) DO UPDATE SET
  w = excluded.w, h = excluded.h, near = excluded.near, last_seen = excluded.last_seen;

-- name: drop_glyph_places_not_seen
-- Places a window no longer shows (called after recording what it shows now).
DELETE FROM glyph_sightings WHERE window_id = :window_id AND last_seen < :now;

-- name: name_glyph
UPDATE glyphs SET label = :label, label_from = :label_from, label_at = :now WHERE id = :id;

-- name: glyph_place_count
SELECT count(*) AS n FROM glyph_sightings WHERE glyph_id = :id;

-- name: apps_by_recency
-- Every app, most recently seen first, for the name matcher.
SELECT id, name FROM apps ORDER BY last_seen DESC, id;

-- name: app_with_most_drawn_unnamed
-- The app whose unnamed drawing appears in the most places.
SELECT a.id, a.name, count(*) AS n
FROM glyphs g JOIN glyph_sightings s ON s.glyph_id = g.id JOIN apps a ON a.id = g.app_id
WHERE g.label IS NULL
GROUP BY g.id ORDER BY n DESC, g.last_seen DESC LIMIT 1;

-- name: unnamed_glyphs_of_app
-- Unnamed drawings of an app that are drawn somewhere, most places first.
SELECT g.id, g.phash, g.w, g.h, g.png, count(s.id) AS places
FROM glyphs g JOIN glyph_sightings s ON s.glyph_id = g.id
WHERE g.app_id = :app_id AND g.label IS NULL
GROUP BY g.id ORDER BY places DESC, g.last_seen DESC, g.id;

-- name: glyph_places
-- Where a glyph is drawn, with its windows, most recent first.
SELECT s.x, s.y, s.w, s.h, s.near, w.id AS window_id, w.title, w.width, w.height
FROM glyph_sightings s JOIN windows w ON w.id = s.window_id
WHERE s.glyph_id = :glyph_id
ORDER BY s.last_seen DESC, s.id;

-- name: glyph_by_key
-- Glyphs of an app whose hash starts with a sheet key, with any name they already have.
SELECT id, phash, w, h, label, label_from FROM glyphs
WHERE app_id = :app_id AND substr(phash, 1, length(:key)) = :key;

-- name: glyph_counts_of_app
SELECT count(*) AS total, count(label) AS named FROM glyphs g
WHERE g.app_id = :app_id AND EXISTS (SELECT 1 FROM glyph_sightings s WHERE s.glyph_id = g.id);

-- name: count_unnamed_among
-- How many of a list of glyphs (a JSON array of ids) have no name.
SELECT count(*) AS n FROM glyphs WHERE label IS NULL AND id IN (SELECT value FROM json_each(:ids));

-- name: evict_glyphs_past_cap
-- The app's :excess least useful glyphs, never one seen at :now: unnamed first, then drawn nowhere, then oldest.
DELETE FROM glyphs WHERE id IN (
  SELECT g.id FROM glyphs g
  WHERE g.app_id = :app_id AND g.last_seen < :now
  ORDER BY g.label IS NOT NULL, EXISTS (SELECT 1 FROM glyph_sightings s WHERE s.glyph_id = g.id),
           g.last_seen, g.id
  LIMIT :excess
);
