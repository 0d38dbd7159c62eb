-- Study-integrity mode per course space (same shape as the SQLite `space_modes`): "guide"
-- answers requests to produce graded work with concepts, steps and a question back; "explain"
-- (the default, also when a space has no row) answers as usual. The most specific space with a
-- row wins (thread, channel, server). Used by the bot over a direct Postgres connection; RLS on
-- with no policies (API roles see nothing). Append-only: change it in a new migration.

create table if not exists public.space_modes (
  space   text primary key,
  mode    text not null check (mode in ('explain', 'guide')),
  set_by  text not null,
  set_at  timestamptz not null default now()
);

alter table public.space_modes enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.space_modes from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.space_modes from authenticated;
  end if;
end
$$;
