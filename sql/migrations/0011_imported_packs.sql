-- Memory packs imported, by the SHA-256 of their content. A seed named at
-- every start is imported once, not re-read each time; a pack's recipes are
-- filed once, however often the pack is imported.
CREATE TABLE imported_packs (
  sha256      TEXT PRIMARY KEY CHECK (length(sha256) = 64),
  how         TEXT NOT NULL CHECK (how IN ('seed', 'import')),
  imported_at INTEGER NOT NULL
);
