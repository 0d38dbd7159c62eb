"""`studybuddy` as users run it: a subprocess, offline, no keys, clear errors, never a traceback."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.rag.graph import NODES

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def studybuddy(*args: str, data_dir: Path, **env: str) -> subprocess.CompletedProcess:
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(data_dir),
            "DATA_DIR": str(data_dir), "WIKIPEDIA_ENABLED": "false", "ARXIV_ENABLED": "false"}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=data_dir, env=base | env,
                          capture_output=True, text=True, timeout=300)


def test_ask_json_answers_from_the_sample_course(sample_store):
    out = studybuddy("ask", "--json", "Where does glycolysis happen?",
                     data_dir=Path(sample_store.path).parent)
    assert out.returncode == 0, out.stderr
    reply = json.loads(out.stdout)
    assert "cytoplasm" in reply["answer"]
    assert reply["citations"][0]["source_type"] == "course" and reply["citations"][0]["n"] == 1
    assert set(reply["citations"][0]) == {"n", "title", "display_name", "page", "section", "unit",
                                          "url_or_path", "source_type", "chunk_id"}
    assert reply["citations"][0]["display_name"] == "06-cellular-respiration.md"
    assert reply["route"][0] == "triage" and reply["route"][-1] == "generate"
    assert (reply["intent"], reply["low_confidence"], reply["llm_calls"]) == ("simple", False, 0)
    assert set(reply) == {"answer", "citations", "low_confidence", "intent", "route", "retries",
                          "llm_calls", "confidence", "quoted_language", "rerank_tier"}  # README


def test_ask_course_answers_from_that_course_only(sample_store):
    out = studybuddy("ask", "--json", "--course", "CS101", "Where does glycolysis happen?",
                     data_dir=Path(sample_store.path).parent)
    assert out.returncode == 0, out.stderr
    reply = json.loads(out.stdout)
    assert reply["citations"] and all(c["display_name"] != "06-cellular-respiration.md"
                                      for c in reply["citations"])
    assert "cytoplasm" not in reply["answer"]


def test_ask_is_quiet_when_the_outside_sources_cannot_be_reached(sample_store):
    """Default settings (Wikipedia and arXiv on), no network: every outside request goes to a
    closed local port (the proxy), and a question the course cannot answer prints no warning."""
    closed = "http://127.0.0.1:9"
    # The course never uses "knapsack" or "dynamic programming": the course cannot answer, the
    # outside sources are asked and cannot be reached.
    out = studybuddy("ask", "How do I solve the knapsack problem with dynamic programming?",
                     data_dir=Path(sample_store.path).parent, WIKIPEDIA_ENABLED="true",
                     ARXIV_ENABLED="true", HTTPS_PROXY=closed, HTTP_PROXY=closed, NO_PROXY="")
    assert out.returncode == 0 and "I couldn't find “knapsack”, “dynamic” or “programming”" in out.stdout
    assert out.stderr == ""


def test_a_question_the_course_only_sounds_like_gets_no_check_mark(sample_store):
    # "linked" is in the notes ("two linked stages" of photosynthesis), linked lists are not
    out = studybuddy("ask", "what is a linked list", data_dir=Path(sample_store.path).parent)
    assert out.returncode == 0 and "✅" not in out.stdout


def test_ask_plain_text_shows_numbered_sources(sample_store):
    out = studybuddy("ask", "What is a hash table?", data_dir=Path(sample_store.path).parent)
    assert out.returncode == 0, out.stderr
    assert "[1]" in out.stdout and "Course" in out.stdout


@pytest.mark.parametrize(("args", "env", "needle"), [
    (("ask", "   "), {}, "The question is empty"),
    (("ask", "x" * 50), {"MAX_QUESTION_CHARS": "20"}, "limit is 20"),
    (("ask", "What is BFS?"), {"AUTO_INGEST_SAMPLE": "false"}, "course store is empty"),
    (("ingest", "nowhere/notes.md"), {}, "no such file or folder"),
    (("ask", "hi"), {"TOP_K": "lots"}, "Invalid setting TOP_K"),
    (("migrate",), {}, "set SUPABASE_DB_URL"),
    (("migrate", "--status"), {"SUPABASE_DB_URL": "postgresql://u:Hunter2pw@127.0.0.1:9/x"},
     "migration ledger failed"),
    (("ingest", "notes.md", "--course", "   "), {}, "a course name is 1-64 printable"),
    (("quiz", "--course", "NOPE"), {}, "there is no course named 'NOPE'"),
    (("ingest", "--store", "supabase", str(ROOT / "bot" / "sample_course")),
     {"SUPABASE_URL": "http://127.0.0.1:9", "SUPABASE_SERVICE_KEY": "Hunter2pw"}, "Supabase RPC"),
])
def test_bad_input_gets_one_clear_line(tmp_path, args, env, needle):
    out = studybuddy(*args, data_dir=tmp_path, **env)
    assert out.returncode != 0
    assert needle in out.stderr and "Traceback" not in out.stderr + out.stdout
    assert "Hunter2pw" not in out.stderr + out.stdout


def test_migrate_applies_pending_files_once(tmp_path, local_postgres):
    from core.stores.pg_migrate import migration_files
    from tests.support.postgres import bootstrap_supabase_roles

    dsn = local_postgres.create_database("cli_migrate")
    bootstrap_supabase_roles(dsn)
    names = [f"{v}_{n}" for v, n, _ in migration_files()]
    status = studybuddy("migrate", "--status", data_dir=tmp_path, SUPABASE_DB_URL=dsn)
    assert status.returncode == 0, status.stderr
    assert status.stdout.splitlines() == [f"pending  {n}" for n in names] + [
        f"0 applied, {len(names)} pending"]
    first = studybuddy("migrate", data_dir=tmp_path, SUPABASE_DB_URL=dsn)
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines()[:-1] == [f"applied  {n}" for n in names]
    again = studybuddy("migrate", data_dir=tmp_path, SUPABASE_DB_URL=dsn)
    assert again.stdout.strip() == "already up to date; nothing to apply"
    status = studybuddy("migrate", "--status", data_dir=tmp_path, SUPABASE_DB_URL=dsn)
    assert status.stdout.strip() == f"{len(names)} applied, 0 pending"


def test_graph_prints_mermaid_with_all_13_nodes(tmp_path):
    out = studybuddy("graph", data_dir=tmp_path)
    assert out.returncode == 0 and out.stdout.lstrip().startswith("---")
    assert len(NODES) == 13 and all(f"{n.__name__}(" in out.stdout for n in NODES)


def test_docs_are_listed_and_removed_and_a_failed_file_sets_the_exit_code(tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "stacks.md").write_text("# Stacks\n\nA stack pops the element pushed last.")
    (notes / "broken.pdf").write_bytes(b"%PDF-1.4 cut off")
    (notes / "diagram.svg").write_bytes(b"<svg/>")
    data = tmp_path / "data"
    data.mkdir()
    out = studybuddy("ingest", str(notes), "--course", "CS101", data_dir=data,
                     AUTO_INGEST_SAMPLE="false")
    assert out.returncode == 1  # one file failed, even though another was added
    assert "skipped: diagram.svg (unsupported type '.svg')" in out.stdout
    assert "error: broken.pdf: " in out.stderr and "Traceback" not in out.stderr
    assert out.stdout.strip().endswith("s") and "1 added, 0 replaced, 0 unchanged, 1 failed" in out.stdout
    assert "added: stacks.md\n" in out.stdout and "replaced:" not in out.stdout  # which, not only how many
    listing = studybuddy("docs", "list", data_dir=data)
    assert listing.returncode == 0, listing.stderr
    assert "CS101" in listing.stdout and "stacks.md" in listing.stdout
    assert "1 document(s) in 1 course(s)" in listing.stdout
    unknown = studybuddy("docs", "remove", "nothing.md", data_dir=data)
    assert unknown.returncode == 2 and "no document 'nothing.md'" in unknown.stderr
    removed = studybuddy("docs", "remove", "stacks.md", data_dir=data)
    assert removed.returncode == 0 and "removed CS101/stacks.md (1 chunk(s))" in removed.stdout
    assert "No documents" in studybuddy("docs", "list", data_dir=data).stdout


def test_a_course_is_one_course_whatever_the_case_typed(tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "stacks.md").write_text("# Stacks\n\nA stack pops the element pushed last.")
    (notes / "queues.md").write_text("# Queues\n\nA queue serves the element that came first.")
    data = tmp_path / "data"
    data.mkdir()
    first = studybuddy("ingest", str(notes / "stacks.md"), "--course", "CS101", data_dir=data,
                       AUTO_INGEST_SAMPLE="false")
    assert first.returncode == 0, first.stderr
    assert "creating the course 'CS101'" in first.stdout
    assert "ask it: studybuddy ask --course 'CS101'" in first.stdout
    second = studybuddy("ingest", str(notes / "queues.md"), "--course", "cs101", data_dir=data,
                        AUTO_INGEST_SAMPLE="false")
    assert second.returncode == 0 and "adding to the existing course 'CS101'" in second.stdout
    assert "creating" not in second.stdout and "ask it" not in second.stdout
    listing = studybuddy("docs", "list", "--course", "Cs101", data_dir=data)
    assert "2 document(s) in 1 course(s)" in listing.stdout, listing.stdout
    typo = studybuddy("docs", "list", "--course", "CS10", data_dir=data)
    assert typo.returncode == 2 and "no course named 'CS10' (courses: CS101)" in typo.stderr


def test_courses_are_given_opened_and_closed_with_one_line_each(tmp_path):
    notes = tmp_path / "stacks.md"
    notes.write_text("# Stacks\n\nA stack pops the element pushed last.")
    data = tmp_path / "data"
    data.mkdir()
    env = {"AUTO_INGEST_SAMPLE": "false"}
    assert studybuddy("ingest", str(notes), "--course", "CS101", data_dir=data, **env).returncode == 0
    given = studybuddy("courses", "transfer", "cs101", "--to", "telegram:chat:-1001234",
                       data_dir=data, **env)
    assert given.returncode == 0 and given.stdout.strip() == \
        "CS101 now belongs to telegram:chat:-1001234"
    for scope in ("discord:guild:-5", "discord:guild:١٢٣", "nowhere"):
        bad = studybuddy("courses", "transfer", "CS101", "--to", scope, data_dir=data, **env)
        assert bad.returncode == 2 and "is not a scope" in bad.stderr, scope
    private = studybuddy("courses", "private", "CS101", data_dir=data, **env)
    assert "it belongs to telegram:chat:-1001234, so it is private either way" in private.stdout
    assert studybuddy("courses", "public", "CS101", data_dir=data, **env).stdout.startswith(
        "CS101: public")
    closed = studybuddy("courses", "private", "CS101", data_dir=data, **env)
    assert "it is public, which wins" in closed.stdout
    unknown = studybuddy("courses", "public", "CS999", data_dir=data, **env)
    assert unknown.returncode == 2 and "there is no course called 'CS999'" in unknown.stderr
    listing = studybuddy("courses", "list", "--json", data_dir=data, **env)
    [course] = [c for c in json.loads(listing.stdout) if c["name"] == "CS101"]
    assert course["owner"] == "telegram:chat:-1001234"
    # files ingested without --course: listed as "(none)", as `docs list` shows them
    assert studybuddy("ingest", str(notes), data_dir=data, **env).returncode == 0
    plain = studybuddy("courses", "list", data_dir=data, **env).stdout.splitlines()
    assert any(line.startswith("(none)  owner operator  open  1 document(s)") for line in plain)
