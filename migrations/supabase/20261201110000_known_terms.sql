-- The course's vocabulary (CourseStore.known_terms, core/stores/vocabulary.py): which of the
-- given terms occur in some chunk passing the filter, matched the way hybrid_search's full-text
-- side matches (the `fts` column: 'english' stems over fts_normalize). `terms` is a JSON array
-- of {"term": ..., "prefix": ...}: a term is found as a phrase ("red-black" = "red" then "black":
-- the parser also indexes a hyphenated word's parts, so both spellings in the text match),
-- or, when a prefix is given, by any indexed word starting with it ("californi" finds
-- "california"). A term that has no lexeme for 'english' (only stop words) counts as found:
-- nothing shows the course lacks it. One GIN-index probe per term. Append-only.
create or replace function public.known_terms(terms jsonb, filter jsonb default '{}'::jsonb)
returns table (term text)
language sql stable set search_path = '' as $$
  select t.term
  from jsonb_to_recordset(coalesce(terms, '[]'::jsonb)) as t(term text, prefix text)
  cross join lateral (
    select phraseto_tsquery('english'::regconfig,
                            replace(public.fts_normalize(t.term), '-', ' ')) as phrase,
           case when coalesce(t.prefix, '') ~ '^[[:alpha:]]+$'
                then to_tsquery('simple'::regconfig,
                                quote_literal(public.fts_normalize(t.prefix)) || ':*')
           end as starts
  ) q
  where t.term is not null
    and (numnode(q.phrase) = 0
         or exists (
           select 1 from public.chunks c
           where (c.fts @@ q.phrase or (q.starts is not null and c.fts @@ q.starts))
             and public.chunk_filter_ok(
                 (select filter ->> 'course'), (select filter ->> 'doc_type'),
                 (select filter ->> 'lang'), (select filter ->> 'exclude_course'),
                 (select coalesce(filter, '{}'::jsonb)
                         - array['course', 'doc_type', 'lang', 'exclude_course']),
                 c.course, c.doc_type, c.lang, c.metadata)))
$$;

-- Service role only, like every course-store function (see 20261130220000_documents.sql).
revoke all on function public.known_terms(jsonb, jsonb) from public;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on function public.known_terms(jsonb, jsonb) from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on function public.known_terms(jsonb, jsonb) from authenticated;
  end if;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant execute on function public.known_terms(jsonb, jsonb) to service_role;
  end if;
end
$$;

-- PostgREST caches function signatures: make it see the new one now.
notify pgrst, 'reload schema';
