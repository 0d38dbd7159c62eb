-- Study turns as outcomes (what the instructor report and feedback export read) and their votes.
-- Users appear only as keyed hashes (core/outcomes.py user_hash).
CREATE TABLE IF NOT EXISTS outcomes (
    answer_id   TEXT PRIMARY KEY,
    platform    TEXT NOT NULL,
    user_hash   TEXT NOT NULL,
    space       TEXT NOT NULL DEFAULT '',
    course      TEXT,
    language    TEXT NOT NULL,
    question    TEXT NOT NULL,
    answer      TEXT NOT NULL,
    route       TEXT NOT NULL DEFAULT '[]',      -- JSON list of node names
    confidence  TEXT NOT NULL,
    top_score   REAL,
    verdict     TEXT NOT NULL DEFAULT '',
    missing     TEXT NOT NULL DEFAULT '',
    citations   TEXT NOT NULL DEFAULT '[]',      -- JSON list of citation dicts with "quote"
    latency_ms  INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL                    -- ISO-8601 UTC
);
CREATE INDEX IF NOT EXISTS outcomes_course_idx ON outcomes(course, created_at);
CREATE INDEX IF NOT EXISTS outcomes_user_idx ON outcomes(user_hash);
CREATE INDEX IF NOT EXISTS outcomes_created_idx ON outcomes(created_at);

CREATE TABLE IF NOT EXISTS votes (
    answer_id   TEXT NOT NULL REFERENCES outcomes(answer_id) ON DELETE CASCADE,
    voter_hash  TEXT NOT NULL,
    value       INTEGER NOT NULL CHECK (value IN (-1, 1)),
    reason      TEXT NOT NULL DEFAULT '',
    voted_at    TEXT NOT NULL,
    PRIMARY KEY (answer_id, voter_hash)
);
CREATE INDEX IF NOT EXISTS votes_voter_idx ON votes(voter_hash);
