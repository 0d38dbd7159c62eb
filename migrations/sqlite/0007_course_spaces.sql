-- Course spaces: which course a Discord channel / server, Telegram group or DM is answered from.
CREATE TABLE IF NOT EXISTS course_spaces (
    space   TEXT PRIMARY KEY,     -- "discord:channel:123", "discord:guild:9", "telegram:chat:-100…"
    course  TEXT NOT NULL,
    set_by  TEXT NOT NULL,        -- platform user id of whoever set it
    set_at  TEXT NOT NULL         -- ISO-8601 UTC
);
