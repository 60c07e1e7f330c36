-- Indexes the recall tool reads through.
-- Short queries (under three characters, below what the trigram index can
-- answer) look element texts up directly, case-insensitively.
CREATE INDEX elements_text_nocase ON elements (text COLLATE NOCASE);
-- A window's icons.
CREATE INDEX glyph_sightings_window ON glyph_sightings (window_id);
-- Apps ordered by recency; windows of an app by recency.
CREATE INDEX windows_app_seen ON windows (app_id, last_seen);
