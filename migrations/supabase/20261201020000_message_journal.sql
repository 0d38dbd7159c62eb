-- Inbox journal shared by every bot process (same role as the SQLite `message_journal`): a
-- platform message is claimed by one process before it is answered and marked done after its
-- reply was sent. A claim is a lease: a process that died mid-answer leaves a pending row whose
-- lease runs out, and another process answers it then. RLS on, no policies (API roles see
-- nothing). Append-only: change it in a new migration.

create table if not exists public.message_journal (
  platform    text not null,
  chat_id     text not null,
  message_id  text not null,
  user_id     text not null,
  payload     jsonb not null default '{}'::jsonb,  -- the update while pending; {} once answered
  status      text not null default 'pending' check (status in ('pending', 'done')),
  claimed_by  text not null default '',
  claimed_at  timestamptz not null default now(),
  created_at  timestamptz not null default now(),
  primary key (platform, chat_id, message_id)
);
create index if not exists message_journal_pending_idx
  on public.message_journal (platform, status, claimed_at);

alter table public.message_journal enable row level security;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.message_journal from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.message_journal from authenticated;
  end if;
end
$$;
