-- Fingerprints of the words choto typed (salted hashes; the words are never stored).

-- name: typed_salt
SELECT salt FROM typed_salt WHERE id = 1;

-- name: typed_salt_insert
INSERT OR IGNORE INTO typed_salt (id, salt) VALUES (1, :salt);

-- name: typed_word_remember
INSERT INTO typed_words (fingerprint, first_typed, last_used) VALUES (:fingerprint, :now, :now)
ON CONFLICT (fingerprint) DO UPDATE SET last_used = max(last_used, excluded.last_used);

-- name: typed_word_find
SELECT first_typed FROM typed_words WHERE fingerprint = :fingerprint;

-- name: typed_word_touch
UPDATE typed_words SET last_used = max(last_used, :now) WHERE fingerprint = :fingerprint;

-- name: typed_words_count
SELECT count(*) AS n FROM typed_words;

-- name: typed_words_trim
-- Keeps the :keep fingerprints used last.
DELETE FROM typed_words WHERE fingerprint NOT IN (
  SELECT fingerprint FROM typed_words ORDER BY last_used DESC LIMIT :keep
);
