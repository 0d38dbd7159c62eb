-- Study turns as outcomes and their votes (same shape as the SQLite `outcomes` / `votes`), shared
-- by every bot process. Users appear only as keyed hashes. Used over a direct Postgres connection;
-- RLS on with no policies (API roles see nothing). Append-only: change it in a new migration.

create table if not exists public.outcomes (
  answer_id   text primary key,
  platform    text not null,
  user_hash   text not null,
  space       text not null default '',
  course      text,
  language    text not null,
  question    text not null,
  answer      text not null,
  route       jsonb not null default '[]'::jsonb,
  confidence  text not null,
  top_score   double precision,
  verdict     text not null default '',
  missing     text not null default '',
  citations   jsonb not null default '[]'::jsonb,
  latency_ms  integer not null default 0,
  created_at  timestamptz not null default now()
);
create index if not exists outcomes_course_idx on public.outcomes (course, created_at);
create index if not exists outcomes_user_idx on public.outcomes (user_hash);
create index if not exists outcomes_created_idx on public.outcomes (created_at);

create table if not exists public.votes (
  answer_id   text not null references public.outcomes (answer_id) on delete cascade,
  voter_hash  text not null,
  value       smallint not null check (value in (-1, 1)),
  reason      text not null default '',
  voted_at    timestamptz not null default now(),
  primary key (answer_id, voter_hash)
);
create index if not exists votes_voter_idx on public.votes (voter_hash);

alter table public.outcomes enable row level security;
alter table public.votes enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.outcomes, public.votes from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.outcomes, public.votes from authenticated;
  end if;
end
$$;
