-- Course spaces (same shape as the SQLite `course_spaces`): which course a Discord channel /
-- server, Telegram group or DM is answered from, shared by every bot process.
-- Used by the bot over a direct Postgres connection; RLS on with no policies (API roles see
-- nothing). Append-only: change it in a new migration.

create table if not exists public.course_spaces (
  space   text primary key,
  course  text not null,
  set_by  text not null,
  set_at  timestamptz not null default now()
);

alter table public.course_spaces enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.course_spaces from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.course_spaces from authenticated;
  end if;
end
$$;
