-- Issue 23: Ask a TA (same shape as SQLite 0015_escalations.sql), shared by every bot process:
-- a course's desk per platform, the cards staff answer, the students waiting on each card.
-- Students appear only as keyed hashes; a student's delivery address (user_id, chat, message)
-- is kept only until delivered, and /forget deletes their rows. Used over a direct Postgres
-- connection; RLS on with no policies (API roles see nothing). Append-only: change it in a new
-- migration.

create table if not exists public.ta_desks (
  course      text not null,
  platform    text not null,
  chat        text not null,
  kind        text not null,
  language    text not null,
  all_answers boolean not null default false,
  set_by      text not null default '',
  set_at      timestamptz not null default now(),
  primary key (course, platform)
);

create table if not exists public.escalations (
  id            text primary key,
  course        text not null,
  platform      text not null,
  desk_chat     text not null,
  question      text not null,
  language      text not null,
  answer_id     text not null default '',
  scope         text not null default '',
  status        text not null default 'open'
                check (status in ('open', 'claimed', 'answered', 'not_material', 'closed')),
  post          text not null default '',
  claimed_by    text not null default '',
  draft         text not null default '',
  draft_message text not null default '',
  drafted_by    text not null default '',
  signer        text not null default '',
  add_to_notes  boolean not null default true,
  note_document text not null default '',
  created_at    timestamptz not null default now(),
  answered_at   timestamptz,
  closed_at     timestamptz,
  reminded_at   timestamptz
);
create index if not exists escalations_post_idx
  on public.escalations (platform, desk_chat, post);
create index if not exists escalations_course_idx
  on public.escalations (course, platform, status);
create index if not exists escalations_created_idx on public.escalations (created_at);

create table if not exists public.escalation_askers (
  card_id      text not null references public.escalations (id) on delete cascade,
  user_hash    text not null,
  seq          bigint generated always as identity,  -- first asker first
  platform     text not null,
  language     text not null,
  user_id      text not null default '',
  chat         text not null default '',
  message      text not null default '',
  note         text not null default '',
  reason       text not null default '',
  created_at   timestamptz not null default now(),
  delivered_at timestamptz,
  lease_until  timestamptz,
  primary key (card_id, user_hash)
);
create index if not exists escalation_askers_user_idx on public.escalation_askers (user_hash);

alter table public.ta_desks enable row level security;
alter table public.escalations enable row level security;
alter table public.escalation_askers enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.ta_desks, public.escalations, public.escalation_askers from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.ta_desks, public.escalations, public.escalation_askers
      from authenticated;
  end if;
end
$$;
