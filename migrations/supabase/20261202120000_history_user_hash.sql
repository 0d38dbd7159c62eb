-- Issue 22: conversation history keeps a keyed hash of its user (core.outcomes.user_hash, keyed
-- with USER_HASH_KEY), never the raw platform user id; lookups and /forget go by the hash. SQL
-- cannot compute that hash (the key is the bot's, not the database's), so turns saved before
-- this migration are DELETED, not converted: history is only the context that lets a follow-up
-- question be understood, and losing it costs one rephrased question.
-- Append-only: change it in a new migration.

delete from public.history_turns;
alter table public.history_turns rename column user_id to user_hash;
-- history_turns_user_idx follows the renamed column: (platform, user_hash, created_at desc, id desc)

-- Answered journal rows keep no user id either (they only stop a re-answer).
update public.message_journal set user_id = '' where status = 'done';
