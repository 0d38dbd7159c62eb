"""A loopback PostgREST stand-in for RPC calls, so the real supabase-py can be tested offline.

No PostgREST binary ships in any registry we can reach (reference/postgres-pgvector.md §1), so
this speaks PostgREST's RPC contract (§5) over real HTTP: `POST /rest/v1/rpc/<fn>` (or GET with
query-string arguments) runs the function with PostgREST's SQL shape — `json_to_record` over the
payload and named-notation arguments, so SQL defaults apply and the planner sees what it sees
behind PostgREST — and answers with rows (set-returning), the bare value (scalar) or a PostgREST
error `{"code","message","details","hint"}` with PostgREST's SQLSTATE -> HTTP mapping.
The API key picks the role (`SET LOCAL ROLE`), so grants and RLS are exercised as on Supabase.
Out of scope (answered 400 PGRST100, never guessed): tables, filters, select/order on results.
"""
from __future__ import annotations

import json
import queue
import threading
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import psycopg
from psycopg import sql

RPC_PREFIX = "/rest/v1/rpc/"

FUNCTION_LOOKUP = """
select p.proretset, p.provolatile,
       -- rows (objects) for records, composites and named OUT/TABLE columns, as PostgREST does
       (p.prorettype = 'record'::regtype or t.typtype = 'c'
        or coalesce(p.proargmodes && array['o', 'b', 't']::"char"[], false)),
       p.pronargs, p.pronargdefaults,
       coalesce(p.proargnames, '{}'), coalesce(p.proargmodes::text[], '{}'),
       array(select format_type(a.oid_, null)
             from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality
                  as a(oid_, ord) order by a.ord)
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
where n.nspname = %s and p.proname = %s and p.prokind = 'f'
"""


class RpcError(Exception):
    """An error answered PostgREST-style."""

    def __init__(self, status: int, code: str, message: str, details: Any = None,
                 hint: Any = None) -> None:
        super().__init__(message)
        self.status, self.body = status, {"code": code, "message": message, "details": details,
                                          "hint": hint}


def http_status(sqlstate: str, role: str) -> int:
    """PostgREST's SQLSTATE -> HTTP status mapping (errors.rst)."""
    exact = {"P0001": 400, "42883": 404, "42P01": 404, "23503": 409, "23505": 409,
             "25006": 405, "53400": 500}
    if sqlstate in exact:
        return exact[sqlstate]
    if sqlstate == "42501":
        return 401 if role == "anon" else 403
    if sqlstate[:2] in ("08", "53"):
        return 503
    if sqlstate[:2] in ("28", "0L", "0P"):
        return 403
    if sqlstate[:2] in ("09", "0F", "0Z", "25", "2D", "38", "39", "3B", "40", "54", "55", "57",
                        "58", "F0", "HV", "P0", "XX"):
        return 500
    return 400


def build_call(schema: str, fn: str, args: list[tuple[str, str]], returns_rows: bool,
               returns_set: bool) -> sql.Composed:
    """PostgREST's RPC query: payload -> json_to_record -> fn(arg := ...) -> JSON text."""
    call_args = sql.SQL(", ").join(
        sql.SQL("{} := pgrst_body.{}").format(sql.Identifier(n), sql.Identifier(n))
        for n, _ in args)
    source = sql.SQL("(select %s::json as json_data) pgrst_payload")
    if args:
        columns = sql.SQL(", ").join(
            sql.SQL("{} {}").format(sql.Identifier(n), sql.SQL(t)) for n, t in args)
        names = sql.SQL(", ").join(sql.Identifier(n) for n, _ in args)
        source = sql.SQL("{}, lateral (select {} from json_to_record(pgrst_payload.json_data)"
                         " as _({}) limit 1) pgrst_body").format(source, names, columns)
    target = sql.SQL("{}.{}({})").format(sql.Identifier(schema), sql.Identifier(fn), call_args)
    if returns_rows:
        inner = sql.SQL("select pgrst_call.* from {}, lateral {} pgrst_call").format(source, target)
        value = sql.SQL("_postgrest_t")
    else:
        inner = sql.SQL("select pgrst_call.pgrst_scalar from {},"
                        " lateral {} pgrst_call(pgrst_scalar)").format(source, target)
        value = sql.SQL("_postgrest_t.pgrst_scalar")
    body = (sql.SQL("coalesce(json_agg({}), '[]')::text") if returns_set
            else sql.SQL("coalesce((json_agg({})->0)::text, 'null')")).format(value)
    return sql.SQL("select {}, count(*) from ({}) _postgrest_t").format(body, inner)


class PostgrestShim:
    """Serve the RPC contract on 127.0.0.1 for one database; keys map to roles."""

    def __init__(self, dsn: str, keys: Mapping[str, str], *, schemas: tuple[str, ...] = ("public",),
                 extra_search_path: tuple[str, ...] = ("extensions",)) -> None:
        self.dsn, self.keys, self.schemas = dsn, dict(keys), schemas
        self.search_path = ", ".join(schemas + extra_search_path)
        self._pool: queue.LifoQueue[psycopg.Connection[Any]] = queue.LifoQueue()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.requests: list[dict[str, Any]] = []  # method, path, headers: what the client sent

    @property
    def url(self) -> str:
        assert self._server is not None, "start() first"
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> PostgrestShim:
        shim = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as httpx expects
            disable_nagle_algorithm = True  # headers and body are separate writes: no 40 ms stall

            def do_POST(self) -> None:  # http.server naming
                shim._serve(self, "POST")

            def do_GET(self) -> None:
                shim._serve(self, "GET")

            def do_PATCH(self) -> None:
                shim._serve(self, "PATCH")

            def do_DELETE(self) -> None:
                shim._serve(self, "DELETE")

            def log_message(self, format: str, *args: Any) -> None:  # quiet test output
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True,
                                        name="postgrest-shim")
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        while not self._pool.empty():
            self._pool.get_nowait().close()

    def __enter__(self) -> PostgrestShim:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- request handling -------------------------------------------------------------------

    def _serve(self, handler: BaseHTTPRequestHandler, method: str) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length) if length else b""
        self.requests.append({"method": method, "path": handler.path,
                              "headers": dict(handler.headers.items())})
        headers: dict[str, str] = {}
        try:
            status, payload, headers = self._dispatch(handler, method, raw)
        except RpcError as err:
            status, payload = err.status, json.dumps(err.body)
        data = payload.encode()
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json; charset=utf-8")
        handler.send_header("Content-Length", str(len(data)))
        for name, value in headers.items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(data)

    def _dispatch(self, handler: BaseHTTPRequestHandler, method: str, raw: bytes
                  ) -> tuple[int, str, dict[str, str]]:
        role = self.keys.get(handler.headers.get("apikey") or "")
        if role is None:  # never echo the key back
            raise RpcError(401, "PGRST301", "Invalid API key")
        url = urlsplit(handler.path)
        if not url.path.startswith(RPC_PREFIX):
            raise RpcError(400, "PGRST100", "the test shim serves only /rest/v1/rpc/<function>")
        if method not in ("POST", "GET"):
            raise RpcError(405, "PGRST101", "Only GET and POST are allowed for functions")
        profile = "Content-Profile" if method == "POST" else "Accept-Profile"
        schema = handler.headers.get(profile) or self.schemas[0]
        if schema not in self.schemas:
            exposed = ", ".join(self.schemas)
            raise RpcError(406, "PGRST106", "Invalid schema: " + schema,
                           hint="Only the following schemas are exposed: " + exposed)
        fn = url.path[len(RPC_PREFIX):]
        if method == "GET":
            args: Any = dict(parse_qsl(url.query))
        else:
            if url.query:
                raise RpcError(400, "PGRST100",
                               "query parameters on rpc are not supported by the shim")
            try:
                args = json.loads(raw or b"{}")
            except ValueError as err:
                raise RpcError(400, "PGRST102", "Empty or invalid json", details=str(err)) from None
            if not isinstance(args, dict):
                raise RpcError(400, "PGRST102", "Expected a JSON object of named arguments")
        conn = self._connection()
        try:
            return self._call(conn, role, schema, fn, args, read_only=method == "GET")
        finally:
            self._pool.put(conn)

    def _call(self, conn: psycopg.Connection[Any], role: str, schema: str, fn: str,
              args: dict[str, Any], *, read_only: bool) -> tuple[int, str, dict[str, str]]:
        try:
            with conn.transaction():
                candidates = conn.execute(FUNCTION_LOOKUP, (schema, fn)).fetchall()
                fits = [c for c in candidates if _fits(c, set(args))]
                if not fits:
                    shown = f"({', '.join(sorted(args))})" if args else " without parameters"
                    raise RpcError(404, "PGRST202", f"Could not find the function {schema}.{fn}"
                                   f"{shown} in the schema cache",
                                   details=f"Searched for the function {schema}.{fn} with the "
                                   "given parameter names, but no matches were found.")
                if len(fits) > 1:
                    raise RpcError(300, "PGRST203", "Could not choose the best candidate function "
                                   f"between the overloads of {schema}.{fn}")
                returns_set, volatility, returns_rows, *_ = fits[0]
                typed = [(n, t) for n, t in _inputs(fits[0]) if n in args]
                if read_only or volatility in ("s", "i"):
                    conn.execute("set transaction read only")
                conn.execute(sql.SQL("set local role {}").format(sql.Identifier(role)))
                conn.execute("select set_config('search_path', %s, true)", (self.search_path,))
                query = build_call(schema, fn, typed, returns_rows, returns_set)
                row = conn.execute(query, (json.dumps(args),)).fetchone()
                body, count = row if row is not None else ("null", 0)
        except psycopg.Error as err:
            diag = err.diag
            state = diag.sqlstate or "XX000"
            raise RpcError(http_status(state, role), state, diag.message_primary or str(err),
                           diag.message_detail, diag.message_hint) from None
        headers = {}
        if returns_set:
            headers["Content-Range"] = f"0-{count - 1}/*" if count else "*/*"
        return 200, body, headers

    def _connection(self) -> psycopg.Connection[Any]:
        try:
            conn = self._pool.get_nowait()
            if not conn.closed and not conn.broken:
                return conn
        except queue.Empty:
            pass
        return psycopg.connect(self.dsn, prepare_threshold=None)


def _inputs(candidate: tuple[Any, ...]) -> list[tuple[str, str]]:
    """(name, type) of a function's input arguments, in order."""
    names, modes, types = candidate[5], candidate[6], candidate[7]
    modes = modes or ["i"] * len(types)
    return [(names[i] if i < len(names) else "", types[i])
            for i in range(len(types)) if modes[i] in ("i", "b", "v")]


def _fits(candidate: tuple[Any, ...], sent: set[str]) -> bool:
    """Every sent key names an argument and every argument without a default is sent."""
    inputs = [n for n, _ in _inputs(candidate)]
    required = inputs[: len(inputs) - candidate[4]]
    return sent <= set(inputs) and set(required) <= sent
