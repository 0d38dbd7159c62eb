-- Per-user conversation history (what follow-up rewriting reads and /forget erases).
CREATE TABLE IF NOT EXISTS turns (
    id         INTEGER PRIMARY KEY,
    platform   TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    question   TEXT NOT NULL,
    answer     TEXT NOT NULL,
    intent     TEXT NOT NULL,
    citations  TEXT NOT NULL DEFAULT '[]',   -- JSON list of {n, title, url_or_path, source_type, chunk_id}
    created_at TEXT NOT NULL                 -- ISO-8601 UTC
);
CREATE INDEX IF NOT EXISTS turns_user_idx ON turns(platform, user_id, id);
CREATE INDEX IF NOT EXISTS turns_created_idx ON turns(created_at);
