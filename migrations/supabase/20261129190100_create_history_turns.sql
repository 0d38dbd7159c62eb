-- Per-user conversation history when HISTORY_STORE=postgres (same shape as the SQLite `turns`).
-- Written and read by the bot over a direct Postgres connection (psycopg), never through
-- PostgREST: RLS on with no policies, so the anon/authenticated API roles see nothing.
-- Append-only: change it in a new migration.

create table if not exists public.history_turns (
  id         bigint generated always as identity primary key,
  platform   text not null,
  user_id    text not null,
  question   text not null,
  answer     text not null,
  intent     text not null default '',
  citations  jsonb not null default '[]'::jsonb,  -- [{n, title, url_or_path, source_type, ...}]
  created_at timestamptz not null default now()
);

-- recent(): a user's newest turns; forget(): all of a user's turns.
create index if not exists history_turns_user_idx
  on public.history_turns (platform, user_id, created_at desc, id desc);
-- purge_older_than(): the retention sweep.
create index if not exists history_turns_created_idx on public.history_turns (created_at);

alter table public.history_turns enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.history_turns from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.history_turns from authenticated;
  end if;
end
$$;
