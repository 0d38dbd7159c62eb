-- Issue 22: conversation history keeps a keyed hash of its user (core.outcomes.user_hash, keyed
-- with USER_HASH_KEY or DATA_DIR/user-hash.key), never the raw platform user id; lookups and
-- /forget go by the hash. SQL cannot compute that hash (the key lives outside the database), so
-- turns saved before this migration are DROPPED, not converted: history is only the context
-- that lets a follow-up question be understood, and losing it costs one rephrased question.
-- secure_delete overwrites the freed pages, so the old ids do not linger in the file.
PRAGMA secure_delete = ON;
DROP TABLE IF EXISTS turns;
CREATE TABLE IF NOT EXISTS turns (
    id         INTEGER PRIMARY KEY,
    platform   TEXT NOT NULL,
    user_hash  TEXT NOT NULL,                -- user_hash(key, platform, user_id)
    question   TEXT NOT NULL,
    answer     TEXT NOT NULL,
    intent     TEXT NOT NULL,
    citations  TEXT NOT NULL DEFAULT '[]',   -- JSON list of {n, title, url_or_path, source_type, chunk_id}
    created_at TEXT NOT NULL                 -- ISO-8601 UTC
);
CREATE INDEX IF NOT EXISTS turns_user_idx ON turns(platform, user_hash, id);
CREATE INDEX IF NOT EXISTS turns_created_idx ON turns(created_at);

-- Answered journal rows keep no user id either (they only stop a re-answer).
UPDATE message_journal SET user_id = '' WHERE status = 'done';
