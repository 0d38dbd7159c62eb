"""Migrations on a real Postgres + pgvector: apply once, re-apply as a no-op, Supabase grants,
and the hybrid query's vector CTE served by the HNSW index (also in PostgREST's SQL shape)."""
from __future__ import annotations

import json
import re

import psycopg
import pytest

from core.stores.errors import StoreError
from core.stores.pg_migrate import apply_migrations, migration_files
from tests.support.postgres import LocalPostgres, bootstrap_supabase_roles
from tests.support.postgrest_shim import build_call

pytestmark = pytest.mark.integration

FILLER_ROWS = 3000  # the planner picks HNSW over a seq scan + sort from ~2000 rows (measured)


@pytest.fixture(scope="module")
def migrated(local_postgres: LocalPostgres) -> str:
    dsn = local_postgres.create_database("migrations")
    bootstrap_supabase_roles(dsn)
    assert apply_migrations(dsn) == [v for v, _, _ in migration_files()]
    return dsn


def test_first_run_applies_every_file_and_records_it(migrated: str) -> None:
    with psycopg.connect(migrated) as conn:
        recorded = conn.execute("select version, name from supabase_migrations.schema_migrations"
                                " order by version").fetchall()
        tables = {r[0] for r in conn.execute(
            "select tablename from pg_tables where schemaname = 'public'")}
    assert recorded == [(v, n) for v, n, _ in migration_files()]
    assert {"chunks", "history_turns"} <= tables


def test_reapplying_is_a_no_op(migrated: str) -> None:
    assert apply_migrations(migrated) == []
    with psycopg.connect(migrated) as conn:
        count = conn.execute(
            "select count(*) from supabase_migrations.schema_migrations").fetchone()
    assert count == (len(migration_files()),)


def test_every_public_table_has_row_level_security(migrated: str) -> None:
    with psycopg.connect(migrated) as conn:
        without_rls = conn.execute(
            "select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace"
            " where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity").fetchall()
    assert without_rls == []


@pytest.mark.parametrize("role", ["anon", "authenticated"])
def test_api_roles_can_execute_no_function_and_read_no_table(migrated: str, role: str) -> None:
    with psycopg.connect(migrated) as conn:
        callable_fns = conn.execute(
            "select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace"
            " where n.nspname = 'public' and has_function_privilege(%s, p.oid, 'execute')",
            (role,)).fetchall()
        readable = conn.execute(
            "select tablename from pg_tables where schemaname = 'public'"
            " and has_table_privilege(%s, format('%%I.%%I', schemaname, tablename), 'select')",
            (role,)).fetchall()
    assert callable_fns == [] and readable == []


def test_service_role_can_execute_the_store_functions(migrated: str) -> None:
    with psycopg.connect(migrated) as conn:
        allowed = {r[0] for r in conn.execute(
            "select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace"
            " where n.nspname = 'public' and has_function_privilege('service_role', p.oid,"
            " 'execute')")}
    assert {"hybrid_search", "match_chunks", "count_chunks", "replace_document",
            "remove_document", "list_documents", "list_courses", "chunk_embeddings",
            "list_chunks"} <= allowed


def test_a_broken_dsn_raises_store_error_without_the_password(local_postgres: LocalPostgres
                                                              ) -> None:
    dsn = local_postgres.dsn_for("no_such_database").replace(
        "postgres:@", "postgres:hunter2-canary@")
    with pytest.raises(StoreError) as caught:
        apply_migrations(dsn)
    assert "hunter2-canary" not in str(caught.value)


@pytest.fixture(scope="module")
def filled(local_postgres: LocalPostgres) -> str:
    """A migrated database with FILLER_ROWS random rows, loaded the bulk way: drop the HNSW
    index, COPY-like insert, recreate the index from its own catalogued definition."""
    dsn = local_postgres.create_database("hnsw_plan")
    apply_migrations(dsn)
    with psycopg.connect(dsn, autocommit=True) as conn:
        index_ddl = conn.execute(
            "select pg_get_indexdef('public.chunks_embedding_idx'::regclass)").fetchone()[0]
        conn.execute("drop index public.chunks_embedding_idx")
        conn.execute("select setseed(0.42)")
        conn.execute(
            "insert into public.chunks (id, content, parent_id, parent_text, course, embedding)"
            " select 'filler-' || g, 'filler words row ' || g || case when g %% 100 = 0"
            " then ' binary tree' else '' end, 'p' || g, 'parent', 'c' || (g %% 5),"
            " (select array_agg(random() - 0.5) from generate_series(1, 384) where g > 0)"
            "::extensions.vector from generate_series(1, %s) g", (FILLER_ROWS,))
        conn.execute(index_ddl)  # type: ignore[arg-type]
        conn.execute("analyze public.chunks")
    return dsn


def _query_vector(seed: int) -> str:
    import numpy as np

    return json.dumps(np.random.default_rng(seed).normal(size=384).round(5).tolist())


def _plan(conn: psycopg.Connection, query: object, params: tuple[object, ...]) -> str:
    explain = psycopg.sql.SQL("explain (costs off) {}").format(query)  # type: ignore[arg-type]
    rows = conn.execute(explain, params)
    return re.sub(r"'\[[^\]]*\]'", "'[...]'", "\n".join(r[0] for r in rows))


def test_hybrid_search_vector_cte_uses_hnsw(filled: str) -> None:
    with psycopg.connect(filled) as conn:
        plan = _plan(conn, psycopg.sql.SQL(
            "select * from public.hybrid_search('binary tree', %s::extensions.vector, 10)"),
            (_query_vector(1),))
    assert "Index Scan using chunks_embedding_idx" in plan, plan
    assert "Bitmap Index Scan on chunks_fts_idx" in plan, plan


HYBRID_ARGS = [("query_text", "text"), ("query_embedding", "extensions.vector"),
               ("match_count", "integer"), ("filter", "jsonb")]


def _postgrest_call(conn: psycopg.Connection, seed: int, filters: dict[str, str] | None,
                    *, explain: bool) -> str:
    """hybrid_search in PostgREST's SQL shape: arguments are parameters, not constants."""
    body = {"query_text": "binary tree", "query_embedding": json.loads(_query_vector(seed)),
            "match_count": 10}
    args = HYBRID_ARGS if filters is not None else HYBRID_ARGS[:3]
    if filters is not None:
        body["filter"] = filters
    conn.execute("set search_path = public, extensions")
    query = build_call("public", "hybrid_search", args, True, True)
    if explain:
        return _plan(conn, query, (json.dumps(body),))
    return conn.execute(query, (json.dumps(body),)).fetchone()[0]  # type: ignore[index]


def test_hnsw_is_used_behind_postgrest(filled: str) -> None:
    with psycopg.connect(filled) as conn:
        plan = _postgrest_call(conn, 2, None, explain=True)
        hits = json.loads(_postgrest_call(conn, 2, None, explain=False))
    assert "Index Scan using chunks_embedding_idx" in plan, plan
    assert len(hits) == 10


def test_filtered_search_behind_postgrest_is_exact_and_complete(filled: str) -> None:
    """A filter switches the vector side to an exact scan: HNSW post-filtering can come back
    short; here every one of the 10 hits is from the filtered course."""
    with psycopg.connect(filled) as conn:
        plan = _postgrest_call(conn, 3, {"course": "c1"}, explain=True)
        hits = json.loads(_postgrest_call(conn, 3, {"course": "c1"}, explain=False))
        exact = conn.execute(
            "select id from public.chunks where course = 'c1' order by embedding"
            " operator(extensions.<=>) %s::extensions.vector limit 1", (_query_vector(3),)
        ).fetchone()
    assert "One-Time Filter" in plan, plan
    assert len(hits) == 10 and {h["course"] for h in hits} == {"c1"}
    assert exact is not None and exact[0] in {h["id"] for h in hits}


def test_match_chunks_orders_by_similarity_and_filters(filled: str) -> None:
    with psycopg.connect(filled) as conn:
        plain = conn.execute("select id, similarity from public.match_chunks("
                             "%s::extensions.vector, 5)", (_query_vector(4),)).fetchall()
        filtered = conn.execute("select course from public.match_chunks(%s::extensions.vector,"
                                " 5, '{\"course\": \"c2\"}')", (_query_vector(4),)).fetchall()
    assert len(plain) == 5 and [s for _, s in plain] == sorted((s for _, s in plain), reverse=True)
    assert filtered == [("c2",)] * 5
