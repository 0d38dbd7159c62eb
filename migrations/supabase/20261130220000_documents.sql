-- Documents as first-class records: one row per ingested file, its chunks replaced as a whole.
-- A re-ingested (edited) file replaces every chunk of its document in ONE transaction, so no
-- stale chunk survives and a failure leaves the previous version searchable; documents can be
-- listed and removed. Chunk ids are now SHA-256 of "<document id> <text>" (computed by the
-- caller), so the same text in two courses is two rows and the primary key stays as it was.
-- Same access model as 20261129190000_create_chunks: RLS on, no policies, service role only.
-- Append-only: change the schema in a NEW migration, never edit this one.
--
-- Chunks stored before this migration keep document_id null: still searched and counted, but
-- no document lists or removes them. After re-ingesting the course files (new ids, so they
-- would otherwise show up twice) drop them with `delete from public.chunks where document_id
-- is null`.
--
-- Search functions keep the first migration's rules: `language sql`, no SET clause (so they
-- inline), schema-qualified names. The new write/list functions are not inlined anyway and pin
-- `search_path = ''` instead (nothing in them depends on the caller's path).

create table if not exists public.documents (
  id           text primary key,                -- stable for (course, display_name)
  course       text not null default '',
  display_name text not null,                   -- file name relative to the ingested folder
  title        text not null default '',
  format       text not null default '',        -- pdf | html | docx | pptx | md | txt
  doc_type     text not null default '',
  content_hash text not null default '',        -- SHA-256 of the file's bytes
  pages        int,                             -- pages or slides; null for formats without
  ingested_at  timestamptz not null default now(),
  unique (course, display_name)
);

alter table public.documents enable row level security;

alter table public.chunks
  add column if not exists document_id text references public.documents (id) on delete cascade,
  add column if not exists page int,                       -- 1-based page or slide number
  add column if not exists section text not null default '';

-- replace_document / remove_document delete by document; list_documents counts by it.
create index if not exists chunks_document_id_idx on public.chunks (document_id);

-- Chunks are written only through replace_document now: the id-skipping insert would create
-- chunks no document owns, and ingestion no longer asks which ids exist.
drop function if exists public.upsert_chunks(jsonb);
drop function if exists public.existing_chunk_ids(text[]);

-- A new return type (hybrid_search) or argument list (chunk_filter_ok) cannot be changed by
-- create or replace, and a second overload would make PostgREST answer PGRST203: drop first.
drop function if exists public.hybrid_search(text, extensions.vector, int, jsonb, float, float,
                                             int);
drop function if exists public.chunk_filter_ok(text, text, text, jsonb, text, text, text, jsonb);

-- As before, plus f_exclude_course: rows of that course fail (null or '' excludes nothing).
-- Callers pass the filter split into scalar sub-selects; the metadata part is the filter minus
-- every key handled here, exclude_course included (else `metadata @>` would demand it).
create or replace function public.chunk_filter_ok(
  f_course text, f_doc_type text, f_lang text, f_exclude_course text, f_meta jsonb,
  course text, doc_type text, lang text, metadata jsonb
) returns boolean
language sql immutable parallel safe as $$
  -- each argument used once: an argument holding a sub-select may not be duplicated by inlining
  select course = coalesce(f_course, course)
     and doc_type = coalesce(f_doc_type, doc_type)
     and lang = coalesce(f_lang, lang)
     and course is distinct from nullif(f_exclude_course, '')
     and metadata @> f_meta
$$;

-- Same two branches as in the first migration (read its comment): unfiltered = HNSW-servable
-- `ORDER BY <=> LIMIT 100` with a constant LIMIT; any filter, exclude_course included, = exact
-- scan of the passing rows (`+ 0` keeps HNSW out: its post-filtering could come back short).
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
         (select filter ->> 'lang'), (select filter ->> 'exclude_course'),
         (select coalesce(filter, '{}'::jsonb)
                 - array['course', 'doc_type', 'lang', 'exclude_course']),
         c.course, c.doc_type, c.lang, c.metadata)
   order by (c.embedding operator(extensions.<=>) query_embedding) + 0
   limit 100)
$$;

-- Hybrid search fused by RRF, as in the first migration, now also returning where a chunk sits
-- (document_id, page, section) so answers can cite "file, p. 12 › Section".
create function public.hybrid_search(
  query_text text, query_embedding extensions.vector(384), match_count int default 10,
  filter jsonb default '{}'::jsonb, full_text_weight float default 1,
  semantic_weight float default 1, rrf_k int default 60
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
           + coalesce(1.0 / (rrf_k + se.rank_ix), 0.0) * semantic_weight as score,
         1 - se.distance as similarity
  from full_text ft
  full outer join semantic se on ft.id = se.id
  join public.chunks c on c.id = coalesce(ft.id, se.id)
  order by score desc, c.id
  limit least(match_count, 50)
$$;

-- Number of stored child chunks, optionally filtered like hybrid_search.
create or replace function public.count_chunks(filter jsonb default '{}'::jsonb)
returns bigint
language sql stable as $$
  select count(*) from public.chunks c
  where public.chunk_filter_ok(
         (select filter ->> 'course'), (select filter ->> 'doc_type'),
         (select filter ->> 'lang'), (select filter ->> 'exclude_course'),
         (select coalesce(filter, '{}'::jsonb)
                 - array['course', 'doc_type', 'lang', 'exclude_course']),
         c.course, c.doc_type, c.lang, c.metadata)
$$;

-- Store one document and its chunks, replacing every chunk of an earlier version: one function
-- call = one transaction behind PostgREST, so any error (bad vector, id owned by another
-- document, (course, display_name) taken by another id) rolls back the whole call and the
-- previous version stays intact. `doc` is a DocumentRecord object, `rows` an array of chunk
-- objects (embedding as a JSON array). Chunks take course and doc_type from the document, so a
-- document is always searched under the course it is listed in; an id repeated in `rows` (the
-- same text twice in one file) is stored once, at its first occurrence. Returns chunks stored.
-- statement_timeout: Supabase's API runs under the authenticator's 8 s unless a function sets
-- its own, which PostgREST (12.2+) hoists to the call's transaction; a 2000-chunk file took
-- 10-19 s on a busy 2-core test machine, and Supabase caps API calls at 60 s anyway.
create or replace function public.replace_document(doc jsonb, rows jsonb) returns integer
language plpgsql volatile set search_path = '' set statement_timeout = '60s' as $$
declare
  doc_id constant text := doc ->> 'id';
  stored integer;
begin
  if coalesce(doc_id, '') = '' or coalesce(doc ->> 'display_name', '') = '' then
    raise exception 'replace_document needs doc.id and doc.display_name'
      using errcode = '22023';
  end if;
  insert into public.documents as d
    (id, course, display_name, title, format, doc_type, content_hash, pages, ingested_at)
  select doc_id, coalesce(r.course, ''), r.display_name, coalesce(r.title, ''),
         coalesce(r.format, ''), coalesce(r.doc_type, ''), coalesce(r.content_hash, ''),
         r.pages, now()
  from jsonb_to_record(doc) as r(course text, display_name text, title text, format text,
                                 doc_type text, content_hash text, pages int)
  on conflict (id) do update
    set course = excluded.course, display_name = excluded.display_name,
        title = excluded.title, format = excluded.format, doc_type = excluded.doc_type,
        content_hash = excluded.content_hash, pages = excluded.pages,
        ingested_at = excluded.ingested_at;

  delete from public.chunks c where c.document_id = doc_id;

  insert into public.chunks
    (id, content, parent_id, parent_text, title, url, course, doc_type, lang, metadata,
     embedding, document_id, page, section)
  select distinct on (r.id)
         r.id, r.content, r.parent_id, r.parent_text, coalesce(r.title, ''),
         coalesce(r.url, ''), d.course, d.doc_type, coalesce(r.lang, 'en'),
         coalesce(r.metadata, '{}'::jsonb), r.embedding, doc_id, r.page,
         coalesce(r.section, '')
  from jsonb_array_elements(coalesce(rows, '[]'::jsonb)) with ordinality as e(item, n)
  cross join lateral jsonb_to_record(e.item) as r(
      id text, content text, parent_id text, parent_text text, title text, url text,
      lang text, metadata jsonb, embedding extensions.vector(384), page int, section text)
  join public.documents d on d.id = doc_id
  order by r.id, e.n;
  get diagnostics stored = row_count;
  return stored;
end
$$;

-- Remove a document and its chunks; returns the chunks removed (0 for an unknown id).
create or replace function public.remove_document(doc_id text) returns integer
language plpgsql volatile set search_path = '' as $$
declare
  removed integer;
begin
  delete from public.chunks c where c.document_id = doc_id;  -- counted here, not by cascade
  get diagnostics removed = row_count;
  delete from public.documents d where d.id = doc_id;
  return removed;
end
$$;

-- Every document (of one course when given) with its chunk count, by course then name.
create or replace function public.list_documents(course text default null)
returns table (
  id text, course text, display_name text, title text, format text, doc_type text,
  content_hash text, pages int, chunks bigint, ingested_at timestamptz
)
language sql stable set search_path = '' as $$
  select d.id, d.course, d.display_name, d.title, d.format, d.doc_type, d.content_hash,
         d.pages, (select count(*) from public.chunks c where c.document_id = d.id),
         d.ingested_at
  from public.documents d
  where d.course = coalesce(list_documents.course, d.course)
  order by d.course, d.display_name
$$;

-- The distinct courses holding at least one document, sorted.
create or replace function public.list_courses()
returns table (course text)
language sql stable set search_path = '' as $$
  select distinct d.course from public.documents d order by d.course
$$;

-- Stored vectors by chunk id (an edited file re-embeds only its changed chunks). Through
-- PostgREST a vector arrives as its text form, e.g. "[0.1,0.2]".
create or replace function public.chunk_embeddings(ids text[])
returns table (id text, embedding extensions.vector)
language sql stable set search_path = '' as $$
  select c.id, c.embedding from public.chunks c where c.id = any(ids)
$$;

-- Service role only, as in the first migration: revoke from PUBLIC, anon and authenticated
-- (Supabase's default privileges grant the API roles every new function and table; dropped and
-- recreated functions start over with those defaults), grant the service role. The roles exist
-- on Supabase; on a plain Postgres only the PUBLIC revoke applies.
revoke all on function
  public.chunk_filter_ok(text, text, text, text, jsonb, text, text, text, jsonb),
  public.nearest_chunks(extensions.vector, jsonb),
  public.hybrid_search(text, extensions.vector, int, jsonb, float, float, int),
  public.count_chunks(jsonb), public.replace_document(jsonb, jsonb),
  public.remove_document(text), public.list_documents(text), public.list_courses(),
  public.chunk_embeddings(text[])
  from public;

do $$
declare
  fn text;
  fns text[] := array[
    'public.chunk_filter_ok(text, text, text, text, jsonb, text, text, text, jsonb)',
    'public.nearest_chunks(extensions.vector, jsonb)',
    'public.hybrid_search(text, extensions.vector, int, jsonb, float, float, int)',
    'public.count_chunks(jsonb)', 'public.replace_document(jsonb, jsonb)',
    'public.remove_document(text)', 'public.list_documents(text)', 'public.list_courses()',
    'public.chunk_embeddings(text[])'];
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.documents from anon;
  end if;
  if exists (select 1 from pg_roles where rolname = 'authenticated') then
    revoke all on table public.documents from authenticated;
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
    grant select, insert, update, delete on table public.documents to service_role;
  end if;
end
$$;

-- PostgREST caches function signatures: make it see the new ones now.
notify pgrst, 'reload schema';
