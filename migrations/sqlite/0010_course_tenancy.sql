-- Course tenancy (issue 22): a course belongs to the scope whose staff created it (a Discord
-- server "discord:guild:9" or a Telegram group "telegram:chat:-100…") or to the operator
-- ("operator": `studybuddy ingest`, the sample course). A course with documents and no row here
-- is the operator's. Other scopes read a course only through a grant (a redeemed share code) or
-- when it is an operator course that is not private.
CREATE TABLE IF NOT EXISTS courses (
    name        TEXT PRIMARY KEY,
    owner       TEXT NOT NULL,               -- "operator" or a scope key
    private     INTEGER NOT NULL DEFAULT 0,  -- operator course: granted scopes only
    public      INTEGER NOT NULL DEFAULT 0,  -- any DM may read it
    created_by  TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL                -- ISO-8601 UTC
);

CREATE TABLE IF NOT EXISTS course_grants (
    course      TEXT NOT NULL,
    scope       TEXT NOT NULL,
    granted_by  TEXT NOT NULL DEFAULT '',
    granted_at  TEXT NOT NULL,
    PRIMARY KEY (course, scope)
);
CREATE INDEX IF NOT EXISTS course_grants_scope_idx ON course_grants(scope);

-- One-time share codes; only a hash of the code is kept.
CREATE TABLE IF NOT EXISTS share_codes (
    code_hash   TEXT PRIMARY KEY,
    course      TEXT NOT NULL,
    created_by  TEXT NOT NULL DEFAULT '',
    expires_at  TEXT NOT NULL
);

-- The scope a space belongs to (a channel's server), recorded when the space is set. Older
-- rows: a server or group key is its own scope; a channel's server is unknown ('').
ALTER TABLE course_spaces ADD COLUMN scope TEXT NOT NULL DEFAULT '';
UPDATE course_spaces SET scope = space
 WHERE space LIKE 'discord:guild:%' OR space LIKE 'telegram:chat:%';

-- Existing courses used by exactly one known scope (and by no channel of an unknown server)
-- are owned by it; every other course stays the operator's.
INSERT OR IGNORE INTO courses(name, owner, created_by, created_at)
SELECT course, MAX(scope), 'migration', strftime('%Y-%m-%dT%H:%M:%S+00:00', 'now')
  FROM course_spaces
 WHERE space NOT LIKE '%:user:%'
 GROUP BY course
HAVING COUNT(DISTINCT scope) = 1 AND MIN(scope) <> '';

-- The scope a study turn came from, so staff of one scope see only their own students in /gaps.
ALTER TABLE outcomes ADD COLUMN scope TEXT NOT NULL DEFAULT '';
