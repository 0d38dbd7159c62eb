-- Study-integrity mode per course space (issue 11, part 5): "guide" answers requests to produce
-- graded work with concepts, steps and a question back instead of a solution; "explain" (the
-- default, also when a space has no row) answers as usual. Kept apart from course_spaces: a
-- server may set a mode while its channels choose their own courses. The most specific space
-- with a row wins (thread, channel, server), as for courses.
CREATE TABLE IF NOT EXISTS space_modes (
    space   TEXT PRIMARY KEY,     -- "discord:channel:123", "discord:guild:9", "telegram:chat:-100…"
    mode    TEXT NOT NULL CHECK (mode IN ('explain', 'guide')),
    set_by  TEXT NOT NULL,        -- platform user id of whoever set it
    set_at  TEXT NOT NULL         -- ISO-8601 UTC
);
