-- Issue 23: Ask a TA. A course's desk per platform (where escalations go); the cards staff
-- answer; the students waiting on each card. Students appear only as keyed hashes
-- (core/stores/user_hash.py); a card keeps where to deliver a student's answer (user_id, chat,
-- message) only until it is delivered, and /forget deletes the student's rows. Times are
-- ISO-8601 UTC text with microseconds, so text order is time order (lease and reminder checks).
CREATE TABLE IF NOT EXISTS ta_desks (
    course      TEXT NOT NULL,
    platform    TEXT NOT NULL,
    chat        TEXT NOT NULL,                    -- Discord channel id, Telegram staff group id
    kind        TEXT NOT NULL,                    -- forum | text | group
    language    TEXT NOT NULL,
    all_answers INTEGER NOT NULL DEFAULT 0,       -- offer "Ask a TA" under every answer
    set_by      TEXT NOT NULL DEFAULT '',
    set_at      TEXT NOT NULL,
    PRIMARY KEY (course, platform)
);

CREATE TABLE IF NOT EXISTS escalations (
    id            TEXT PRIMARY KEY,               -- the card id
    course        TEXT NOT NULL,
    platform      TEXT NOT NULL,
    desk_chat     TEXT NOT NULL,
    question      TEXT NOT NULL,
    language      TEXT NOT NULL,
    answer_id     TEXT NOT NULL DEFAULT '',
    scope         TEXT NOT NULL DEFAULT '',
    status        TEXT NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'claimed', 'answered', 'not_material', 'closed')),
    post          TEXT NOT NULL DEFAULT '',       -- the card's message / thread in the desk chat
    claimed_by    TEXT NOT NULL DEFAULT '',
    draft         TEXT NOT NULL DEFAULT '',
    draft_message TEXT NOT NULL DEFAULT '',
    drafted_by    TEXT NOT NULL DEFAULT '',
    signer        TEXT NOT NULL DEFAULT '',
    add_to_notes  INTEGER NOT NULL DEFAULT 1,
    note_document TEXT NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL,
    answered_at   TEXT,
    closed_at     TEXT,
    reminded_at   TEXT
);
CREATE INDEX IF NOT EXISTS escalations_post_idx ON escalations(platform, desk_chat, post);
CREATE INDEX IF NOT EXISTS escalations_course_idx ON escalations(course, platform, status);
CREATE INDEX IF NOT EXISTS escalations_created_idx ON escalations(created_at);

CREATE TABLE IF NOT EXISTS escalation_askers (
    card_id      TEXT NOT NULL REFERENCES escalations(id) ON DELETE CASCADE,
    user_hash    TEXT NOT NULL,
    platform     TEXT NOT NULL,
    language     TEXT NOT NULL,
    user_id      TEXT NOT NULL DEFAULT '',        -- the delivery address: blanked once delivered
    chat         TEXT NOT NULL DEFAULT '',
    message      TEXT NOT NULL DEFAULT '',
    note         TEXT NOT NULL DEFAULT '',
    reason       TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    delivered_at TEXT,
    lease_until  TEXT,                            -- a delivery in flight until then
    PRIMARY KEY (card_id, user_hash)
);
CREATE INDEX IF NOT EXISTS escalation_askers_user_idx ON escalation_askers(user_hash);
