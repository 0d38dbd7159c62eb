-- Per-user rate-limit windows shared by every bot process (core/stores/postgres_rate_limit.py):
-- one row per allowed question in the last minute. RLS on, no policies. Append-only.

create table if not exists public.rate_events (
  key  text not null,
  at   timestamptz not null default now()
);
create index if not exists rate_events_key_idx on public.rate_events (key, at);

alter table public.rate_events enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.rate_events from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.rate_events from authenticated;
  end if;
end
$$;
