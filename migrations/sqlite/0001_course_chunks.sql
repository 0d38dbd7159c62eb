-- Embedded course store: parent-child chunks, FTS5 for BM25, embeddings as float32 BLOBs.
CREATE TABLE IF NOT EXISTS parents (
    id      TEXT PRIMARY KEY,           -- SHA-256 of the normalised parent text
    content TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS chunks (
    rowid      INTEGER PRIMARY KEY,
    id         TEXT NOT NULL UNIQUE,    -- SHA-256 of the normalised child text
    content    TEXT NOT NULL,
    parent_id  TEXT NOT NULL REFERENCES parents(id),
    title      TEXT NOT NULL,
    url        TEXT NOT NULL,
    course     TEXT NOT NULL DEFAULT '',
    doc_type   TEXT NOT NULL DEFAULT '',
    lang       TEXT NOT NULL DEFAULT 'en',
    embedding  BLOB,
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX IF NOT EXISTS chunks_course_idx ON chunks(course, doc_type);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
    content, title, content='chunks', content_rowid='rowid',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS chunks_ai AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, content, title) VALUES (new.rowid, new.content, new.title);
END;
CREATE TRIGGER IF NOT EXISTS chunks_ad AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, content, title) VALUES ('delete', old.rowid, old.content, old.title);
END;
