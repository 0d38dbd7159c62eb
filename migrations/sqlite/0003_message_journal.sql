-- Inbox journal: every platform message the bot took on, until its reply was sent.
-- Redelivered updates are recognised (no double answers); ones left pending by a crash are
-- answered after the restart (no acknowledged message dropped).
CREATE TABLE IF NOT EXISTS message_journal (
    platform   TEXT NOT NULL,
    chat_id    TEXT NOT NULL,
    message_id TEXT NOT NULL,
    user_id    TEXT NOT NULL,               -- so /forget can erase it
    payload    TEXT NOT NULL,               -- the update as JSON while pending; '{}' once answered
    status     TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done')),
    created_at TEXT NOT NULL,
    PRIMARY KEY (platform, chat_id, message_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS message_journal_pending_idx ON message_journal(platform, status);
