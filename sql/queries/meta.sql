-- name: schema_objects
-- Every schema object except SQLite's own and FTS5's shadow tables.
SELECT sql FROM sqlite_master
WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'search_%'
ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, name;

-- name: table_count
-- How many tables the migrations built (the self-test's check that they ran).
SELECT count(*) AS n FROM sqlite_master WHERE type = 'table';
