-- list_chunks in pages (CourseStore.passages): a page holds at most 1,000 chunks, and the next
-- one starts after the last (document_id, id) of the one before, so every chunk of a course can
-- be listed (the other-language index ranks all of them, core/sources/other_language.py).
-- Keyset, not offset: a page costs the same wherever it starts. Append-only: change it in a NEW
-- migration.

-- A new argument list cannot be made by create or replace, and a second overload would make
-- PostgREST answer PGRST203: drop first.
drop function if exists public.list_chunks(jsonb, int);

create function public.list_chunks(filter jsonb default '{}'::jsonb, max_count int default 100,
                                   after_document text default null,
                                   after_id text default null)
returns table (
  id text, content text, parent_id text, parent_text text, title text, url text, course text,
  doc_type text, lang text, metadata jsonb, document_id text, page int, section text
)
language sql stable set search_path = '' as $$
  select c.id, c.content, c.parent_id, c.parent_text, c.title, c.url, c.course, c.doc_type,
         c.lang, c.metadata, c.document_id, c.page, c.section
  from public.chunks c
  where public.chunk_filter_ok(
      (select filter ->> 'course'), (select filter ->> 'doc_type'),
      (select filter ->> 'lang'), (select filter ->> 'exclude_course'),
      (select coalesce(filter, '{}'::jsonb)
              - array['course', 'doc_type', 'lang', 'exclude_course']),
      c.course, c.doc_type, c.lang, c.metadata)
    and (after_id is null
         or (coalesce(c.document_id, ''), c.id) > (coalesce(after_document, ''), after_id))
  order by coalesce(c.document_id, ''), c.id
  limit greatest(least(max_count, 1000), 0)
$$;

-- Service role only, like every course-store function (see 20261130220000_documents.sql).
revoke all on function public.list_chunks(jsonb, int, text, text) from public;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on function public.list_chunks(jsonb, int, text, text) from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on function public.list_chunks(jsonb, int, text, text) from authenticated;
  end if;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant execute on function public.list_chunks(jsonb, int, text, text) to service_role;
  end if;
end
$$;

-- PostgREST caches function signatures: make it see the new one now.
notify pgrst, 'reload schema';
