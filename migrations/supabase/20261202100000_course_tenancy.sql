-- Course tenancy (same shape as SQLite 0010_course_tenancy.sql): owners, grants, share codes,
-- and the scope of each course space. A course with documents and no row in `courses` is the
-- operator's. RLS on with no policies (API roles see nothing). Append-only.

create table if not exists public.courses (
  name        text primary key,
  owner       text not null,
  private     boolean not null default false,
  public      boolean not null default false,
  created_by  text not null default '',
  created_at  timestamptz not null default now()
);

create table if not exists public.course_grants (
  course      text not null,
  scope       text not null,
  granted_by  text not null default '',
  granted_at  timestamptz not null default now(),
  primary key (course, scope)
);
create index if not exists course_grants_scope_idx on public.course_grants (scope);

create table if not exists public.share_codes (
  code_hash   text primary key,
  course      text not null,
  created_by  text not null default '',
  expires_at  timestamptz not null
);

alter table public.course_spaces add column if not exists scope text not null default '';
update public.course_spaces set scope = space
 where space like 'discord:guild:%' or space like 'telegram:chat:%';

insert into public.courses (name, owner, created_by)
select course, max(scope), 'migration'
  from public.course_spaces
 where space not like '%:user:%'
 group by course
having count(distinct scope) = 1 and min(scope) <> ''
on conflict (name) do nothing;

alter table public.outcomes add column if not exists scope text not null default '';

alter table public.courses enable row level security;
alter table public.course_grants enable row level security;
alter table public.share_codes enable row level security;

do $$
declare t text;
begin
  foreach t in array array['courses', 'course_grants', 'share_codes'] loop
    if exists (select 1 from pg_roles where rolname = 'anon') then
      execute format('revoke all on table public.%I from anon', t);
    end if;
    if exists (select 1 from pg_roles where rolname = 'authenticated') then
      execute format('revoke all on table public.%I from authenticated', t);
    end if;
  end loop;
end
$$;
