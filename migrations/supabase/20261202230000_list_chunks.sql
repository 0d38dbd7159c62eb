-- Every child chunk passing a filter, in a stable order (CourseStore.passages): what the warm-up
-- at start embeds the way the reranker reads it, so the first question is answered as fast as
-- the tenth (hybrid_search returns one child per parent, so it cannot reach the others).
-- Same filter as hybrid_search. Append-only: change it in a NEW migration.
create or replace function public.list_chunks(filter jsonb default '{}'::jsonb,
                                              max_count int default 100)
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
  order by c.document_id, c.id
  limit greatest(least(max_count, 1000), 0)
$$;

-- Service role only, like every course-store function (see 20261130220000_documents.sql).
revoke all on function public.list_chunks(jsonb, int) from public;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on function public.list_chunks(jsonb, int) from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on function public.list_chunks(jsonb, int) from authenticated;
  end if;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant execute on function public.list_chunks(jsonb, int) to service_role;
  end if;
end
$$;

-- PostgREST caches function signatures: make it see the new one now.
notify pgrst, 'reload schema';
