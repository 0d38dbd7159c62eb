"""`studybuddy eval retrieval` end to end on a tiny BEIR set (BM25 mode: no embedder work), and
`eval docs`' count of an answer's sentences."""
from __future__ import annotations

import json

from bot.cli import main
from bot.eval_docs import prose_sentences


def test_eval_retrieval_bm25_on_files_anywhere(tmp_path, capsys):
    docs = [("d1", "Merge sort", "Merge sort splits the array and merges sorted halves."),
            ("d2", "Photosynthesis", "Plants turn light, water and carbon dioxide into sugar."),
            ("d3", "Hash tables", "A hash function maps keys to buckets for fast lookup.")]
    (tmp_path / "corpus.jsonl").write_text("\n".join(
        json.dumps({"_id": i, "title": t, "text": x}) for i, t, x in docs), encoding="utf-8")
    (tmp_path / "queries.jsonl").write_text("\n".join(json.dumps(q) for q in (
        {"_id": "q1", "text": "how do plants make sugar from light"},
        {"_id": "q2", "text": "buckets and keys lookup"})), encoding="utf-8")
    (tmp_path / "qrels.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td2\t1\nq2\td3\t1\n")
    code = main(["eval", "retrieval", "--corpus", str(tmp_path / "corpus.jsonl"),
                 "--queries", str(tmp_path / "queries.jsonl"), "--qrels", str(tmp_path / "qrels.tsv"),
                 "--mode", "bm25", "--json", "--cache", str(tmp_path / "cache.sqlite")])
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and result["queries"] == 2
    assert result["modes"]["bm25"]["ndcg@10"] == 1.0 and result["modes"]["bm25"]["recall@100"] == 1.0


def test_eval_missing_file_is_one_line_error(tmp_path, capsys):
    code = main(["eval", "retrieval", "--corpus", str(tmp_path / "nope.jsonl"), "--queries",
                 str(tmp_path / "q.jsonl"), "--qrels", str(tmp_path / "r.tsv")])
    assert code == 2 and "no such file" in capsys.readouterr().err


def test_eval_cache_defaults_to_data_dir_not_the_repository(tmp_path, monkeypatch):
    from bot.evaluate import default_cache

    monkeypatch.setenv("DATA_DIR", str(tmp_path / "data"))
    assert default_cache() == tmp_path / "data" / "eval-embeddings.sqlite"


def test_an_answer_s_size_counts_its_prose_sentences_not_its_code():
    answer = ("Use the BalancedColumns class to make a flowable that splits its content into two "
              "or more columns. It balances the columns' heights.")
    code = "    BalancedColumns([para1, para2], nCols=2)"
    assert prose_sentences("\n".join([answer, code])) == 2


def test_eval_docs_shows_pages_only_where_there_are_some():
    from bot.eval_docs import _record
    from core.messages import Citation, Intent, Reply

    reply = Reply("Use path.join.", Intent.SIMPLE, citations=(
        Citation(1, "path", "path.html", "course", "c1"),
        Citation(2, "Streams", "streams.pptx", "course", "c2", page=2, unit="slide")))
    item = {"id": "q1", "kind": "en", "question": "How to join paths?", "answers": ["join"]}
    assert _record(item, reply)["cited"] == ["path.html", "streams.pptx p.2"]  # no "p.None"


def test_eval_docs_page_column_says_how_many_questions_had_a_page(capsys):
    from bot.eval_docs import _print

    row = {"questions": 25, "gold_in_reply": 0.88, "check_precision": 0.9, "checked": 21,
           "check_coverage": 0.76, "unanswerable_unchecked": None, "unanswerable_warned": None,
           "page_accuracy": 1.0, "sources_per_answer": 2.0, "sentences_per_answer": 4.8,
           "words_per_answer": 82, "counts": {"paged": 2}}
    _print({"ingest": {"files": 1, "chunks": 3, "seconds": 1.0, "errors": []},
            "seconds_per_question": 1.0, "kinds": {"en": row}, "halves": {}}, show=False)
    assert "100% (2)" in capsys.readouterr().out
