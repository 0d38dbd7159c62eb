-- Cross-language fusion for hybrid_search (the same rule as SqliteCourseStore._search).
-- Full-text search cannot match a passage written in another language than the question, so
-- when it found passages in the question's language, its silence about the others says
-- nothing: for such a passage (lang <> query_lang, not among the full-text hits) the vector
-- rank stands in for the missing full-text rank. When full text found only other-language
-- passages (by a name or a number), all are on the same footing and the fusion stays plain. Without it an Arabic question never reaches the English page that
-- answers it: every Arabic passage sharing one of its words outranks that page in the fusion.
-- query_lang null (older callers) keeps plain RRF. Append-only: change it in a NEW migration.

-- A new argument list cannot be made by create or replace, and a second overload would make
-- PostgREST answer PGRST203: drop first.
drop function if exists public.hybrid_search(text, extensions.vector, int, jsonb, float, float,
                                             int);

create function public.hybrid_search(
  query_text text, query_embedding extensions.vector(384), match_count int default 10,
  filter jsonb default '{}'::jsonb, full_text_weight float default 1,
  semantic_weight float default 1, rrf_k int default 60, query_lang text default null
) returns table (
  id text, content text, parent_id text, parent_text text, title text, url text, course text,
  doc_type text, lang text, metadata jsonb, document_id text, page int, section text,
  score double precision, similarity double precision
)
language sql stable as $$
  with full_text as (
    select c.id,
           row_number() over (order by ts_rank(c.fts, (select public.fts_query(query_text))) desc,
                                       c.id) as rank_ix
    from public.chunks c
    where c.fts @@ (select public.fts_query(query_text))  -- sub-select: built once, not per row
      and public.chunk_filter_ok(
         (select filter ->> 'course'), (select filter ->> 'doc_type'),
         (select filter ->> 'lang'), (select filter ->> 'exclude_course'),
         (select coalesce(filter, '{}'::jsonb)
                 - array['course', 'doc_type', 'lang', 'exclude_course']),
         c.course, c.doc_type, c.lang, c.metadata)
    order by rank_ix
    limit least(match_count, 50) * 2
  ),
  semantic as (
    select n.id, n.distance, row_number() over (order by n.distance, n.id) as rank_ix
    from public.nearest_chunks(query_embedding, filter) n
  )
  select c.id, c.content, c.parent_id, c.parent_text, c.title, c.url, c.course, c.doc_type,
         c.lang, c.metadata, c.document_id, c.page, c.section,
         coalesce(1.0 / (rrf_k + ft.rank_ix), 0.0) * full_text_weight
           + coalesce(1.0 / (rrf_k + se.rank_ix), 0.0) * semantic_weight
           + case when ft.id is null and c.lang <> query_lang
                       and exists (select 1 from full_text f
                                   join public.chunks n on n.id = f.id
                                   where n.lang = query_lang)
                  then 1.0 / (rrf_k + se.rank_ix) * full_text_weight
                  else 0.0 end as score,
         1 - se.distance as similarity
  from full_text ft
  full outer join semantic se on ft.id = se.id
  join public.chunks c on c.id = coalesce(ft.id, se.id)
  order by score desc, c.id
  limit least(match_count, 50)
$$;

-- Service role only, like every course-store function (see 20261130220000_documents.sql):
-- a recreated function starts over with Supabase's default grants to the API roles.
revoke all on function
  public.hybrid_search(text, extensions.vector, int, jsonb, float, float, int, text) from public;

do $$
declare
  fn text := 'public.hybrid_search(text, extensions.vector, int, jsonb, float, float, int, text)';
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    execute format('revoke all on function %s from anon', fn);
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    execute format('revoke all on function %s from authenticated', fn);
  end if;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    execute format('grant execute on function %s to service_role', fn);
  end if;
end
$$;

-- PostgREST caches function signatures: make it see the new one now.
notify pgrst, 'reload schema';
