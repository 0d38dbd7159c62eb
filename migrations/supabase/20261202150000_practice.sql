-- Issue 25: quizzes and spaced review (same shape as SQLite 0014_practice.sql), shared by every
-- bot process. Students appear only as keyed hashes. Used over a direct Postgres connection;
-- RLS on with no policies (API roles see nothing). Append-only: change it in a new migration.

create table if not exists public.practice_items (
  id          text primary key,
  course      text not null,
  item        jsonb not null,
  created_at  timestamptz not null default now()
);

create table if not exists public.practice_cards (
  user_hash   text not null,
  item_id     text not null,
  course      text not null,
  box         smallint not null check (box between 1 and 5),
  due_at      timestamptz not null,
  right_count integer not null default 0,
  wrong_count integer not null default 0,
  last_right  boolean,
  updated_at  timestamptz not null default now(),
  primary key (user_hash, item_id)
);
create index if not exists practice_cards_due_idx on public.practice_cards (user_hash, due_at);

create table if not exists public.practice_answers (
  id          bigserial primary key,
  user_hash   text not null,
  item_id     text not null,
  course      text not null,
  platform    text not null,
  session_id  text not null default '',
  is_right    boolean not null,
  answered_at timestamptz not null default now()
);
create index if not exists practice_answers_course_idx
  on public.practice_answers (course, answered_at);
create index if not exists practice_answers_user_idx
  on public.practice_answers (user_hash, session_id);

create table if not exists public.practice_sessions (
  id          text primary key,
  platform    text not null,
  chat        text not null,
  user_hash   text not null default '',
  item_ids    jsonb not null,
  position    integer not null default 0,
  right_count integer not null default 0,
  created_at  timestamptz not null default now()
);
create index if not exists practice_sessions_user_idx on public.practice_sessions (user_hash);

create table if not exists public.practice_prompts (
  key         text primary key,
  item_id     text not null,
  session_id  text not null,
  created_at  timestamptz not null default now()
);

alter table public.practice_items enable row level security;
alter table public.practice_cards enable row level security;
alter table public.practice_answers enable row level security;
alter table public.practice_sessions enable row level security;
alter table public.practice_prompts enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.practice_items, public.practice_cards, public.practice_answers,
      public.practice_sessions, public.practice_prompts from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.practice_items, public.practice_cards, public.practice_answers,
      public.practice_sessions, public.practice_prompts from authenticated;
  end if;
end
$$;
