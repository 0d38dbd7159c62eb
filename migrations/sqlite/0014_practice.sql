-- Issue 25: quizzes and spaced review. Items are kept by id (what a poll or a button stands
-- for, after a restart too); each student's Leitner card per item; every answer (the
-- instructor report's Practice section); quiz sessions in progress and the platform prompts
-- (Telegram poll ids, Discord message ids) of their items. Students appear only as keyed
-- hashes (core/stores/user_hash.py); /forget erases their cards, answers and sessions.
CREATE TABLE IF NOT EXISTS practice_items (
    id          TEXT PRIMARY KEY,
    course      TEXT NOT NULL,
    item        TEXT NOT NULL,                    -- JSON of core.ports.practice.QuizItem
    created_at  TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS practice_cards (
    user_hash   TEXT NOT NULL,
    item_id     TEXT NOT NULL,
    course      TEXT NOT NULL,
    box         INTEGER NOT NULL CHECK (box BETWEEN 1 AND 5),
    due_at      TEXT NOT NULL,                    -- ISO-8601 UTC
    right_count INTEGER NOT NULL DEFAULT 0,
    wrong_count INTEGER NOT NULL DEFAULT 0,
    last_right  INTEGER,                          -- 1 / 0 / NULL (never answered)
    updated_at  TEXT NOT NULL,
    PRIMARY KEY (user_hash, item_id)
);
CREATE INDEX IF NOT EXISTS practice_cards_due_idx ON practice_cards(user_hash, due_at);

CREATE TABLE IF NOT EXISTS practice_answers (
    id          INTEGER PRIMARY KEY,
    user_hash   TEXT NOT NULL,
    item_id     TEXT NOT NULL,
    course      TEXT NOT NULL,
    platform    TEXT NOT NULL,
    session_id  TEXT NOT NULL DEFAULT '',
    is_right    INTEGER NOT NULL,
    answered_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS practice_answers_course_idx ON practice_answers(course, answered_at);
CREATE INDEX IF NOT EXISTS practice_answers_user_idx ON practice_answers(user_hash, session_id);

CREATE TABLE IF NOT EXISTS practice_sessions (
    id          TEXT PRIMARY KEY,
    platform    TEXT NOT NULL,
    chat        TEXT NOT NULL,
    user_hash   TEXT NOT NULL DEFAULT '',         -- '' for a group quiz
    item_ids    TEXT NOT NULL,                    -- JSON list
    position    INTEGER NOT NULL DEFAULT 0,
    right_count INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS practice_sessions_user_idx ON practice_sessions(user_hash);

CREATE TABLE IF NOT EXISTS practice_prompts (
    key         TEXT PRIMARY KEY,                 -- "<platform>:<poll or message id>"
    item_id     TEXT NOT NULL,
    session_id  TEXT NOT NULL,
    created_at  TEXT NOT NULL
);
