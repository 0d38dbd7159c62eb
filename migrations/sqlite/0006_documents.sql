-- Documents as records users manage: one row per ingested file (course + display name), its
-- chunks tied to it with their page (or slide) and section. Re-ingesting an edited file replaces
-- the document's chunks in one transaction; removing a document removes its chunks.
-- Chunks stored before this migration are adopted into documents by the store when it opens the
-- database (their ids need the same hash the ingester uses, which SQL cannot compute here).
CREATE TABLE IF NOT EXISTS documents (
    id           TEXT PRIMARY KEY,          -- sha256("course\x1fdisplay name")[:16]
    course       TEXT NOT NULL DEFAULT '',
    display_name TEXT NOT NULL,             -- relative to the folder that was ingested
    title        TEXT NOT NULL DEFAULT '',
    format       TEXT NOT NULL DEFAULT '',  -- pdf | html | docx | pptx | md | txt
    doc_type     TEXT NOT NULL DEFAULT '',
    content_hash TEXT NOT NULL DEFAULT '',  -- sha256 of the file's bytes ('' for adopted rows)
    pages        INTEGER,
    ingested_at  TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    UNIQUE (course, display_name)
);
ALTER TABLE chunks ADD COLUMN document_id TEXT REFERENCES documents(id);
ALTER TABLE chunks ADD COLUMN page INTEGER;
ALTER TABLE chunks ADD COLUMN section TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS chunks_document_idx ON chunks(document_id);
CREATE INDEX IF NOT EXISTS chunks_parent_idx ON chunks(parent_id);
