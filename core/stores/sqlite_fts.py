"""What the embedded store asks its FTS5 index: BM25 query terms, whether the course uses a
word at all, and the one-time indexing of chunks stored before the search-form migration.
Query terms keep single letters ("vitamin D", "T-cell") and drop English clitic fragments
("it's"); see `fts_terms`.
"""
from __future__ import annotations

import sqlite3

from core.stores.vocabulary import term_prefix
from core.text import STOPWORDS, query_words, search_form

_SEARCH_STOPWORDS = STOPWORDS | {search_form(w) for w in STOPWORDS}


def where_clause(filters: dict[str, str]) -> tuple[str, list[str]]:
    """The SQL condition on `chunks` for search filters ('' when none applies) and its values."""
    clauses = [(f"{col} = ?", val) for col, val in filters.items()
               if col in ("course", "doc_type", "lang") and val]
    if filters.get("exclude_course") is not None:
        clauses.append(("course <> ?", filters["exclude_course"]))
    return " AND ".join(clause for clause, _ in clauses), [v for _, v in clauses]


def known_terms(conn: sqlite3.Connection, terms: list[str], filters: dict[str, str]
                ) -> set[str]:
    """Which of `terms` some chunk within `filters` uses (a word or its prefix)."""
    where, values = where_clause(filters)
    scope = f" AND rowid IN (SELECT rowid FROM chunks WHERE {where})" if where else ""
    known = set()
    for term in terms:
        phrase = search_form(term).replace('"', " ")
        if not phrase.strip():
            continue
        prefix = term_prefix(phrase)
        match = f'"{phrase}"' + (f' OR "{prefix}"*' if prefix else "")
        try:
            hit = conn.execute(f"SELECT 1 FROM chunks_fts WHERE chunks_fts MATCH ?{scope} LIMIT 1",
                               (match, *values)).fetchone()
        except sqlite3.OperationalError:  # a term FTS5 cannot parse: not evidence of absence
            hit = (1,)
        if hit is not None:
            known.add(term)
    return known


def backfill(conn: sqlite3.Connection) -> None:
    """Index chunks stored before the search-form migration (one pass, at first open)."""
    rows = conn.execute("SELECT c.rowid, c.content, c.title FROM chunks c WHERE c.rowid NOT IN "
                        "(SELECT rowid FROM chunks_fts)").fetchall()
    if rows:
        with conn:
            conn.executemany("INSERT INTO chunks_fts(rowid, content, title) VALUES (?, ?, ?)",
                             [(r[0], search_form(r[1]), search_form(r[2])) for r in rows])


MAX_TERMS = 32


def fts_terms(query: str) -> list[str]:
    """Query words for an FTS5 OR-query: `query_words` in their search form (single letters stay:
    SciFact BM25 nDCG@10 +0.003 over dropping every one-letter word)."""
    return query_words(search_form(query), _SEARCH_STOPWORDS)[:MAX_TERMS]
