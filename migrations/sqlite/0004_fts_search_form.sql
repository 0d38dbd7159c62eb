-- BM25 over a search form of the text (core.text.search_form): Arabic letter variants unified
-- and the article family (ال وال بال كال فال لل) stripped, so "الطاقة" and "طاقة" match.
-- The FTS table now keeps its own copy, written by the store with each chunk; the store fills
-- it for chunks ingested before this migration the first time it opens the database.
DROP TRIGGER IF EXISTS chunks_ai;
DROP TRIGGER IF EXISTS chunks_ad;
DROP TABLE IF EXISTS chunks_fts;
CREATE VIRTUAL TABLE chunks_fts USING fts5(
    content, title, tokenize='porter unicode61 remove_diacritics 2'
);
