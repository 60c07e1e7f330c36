-- The menu that had to be opened before a chrome-scope click (for example
-- "File" before "Save As…"), so a route through a menu reads as the two steps
-- it takes. Only transitions that needed an opening click have a row.
CREATE TABLE transition_via (
  transition_id INTEGER PRIMARY KEY REFERENCES transitions(id) ON DELETE CASCADE,
  via           TEXT NOT NULL
);
