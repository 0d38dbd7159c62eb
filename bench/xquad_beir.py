"""XQuAD/SQuAD as BEIR files (paragraph = document, question -> its paragraph), so the same
`eval retrieval` code measures it with BM25, dense and hybrid."""
from __future__ import annotations

import json
from pathlib import Path

from bot.eval_data import SquadSet


def write_beir(out: Path, passages: SquadSet, questions: SquadSet, limit: int | None = None
               ) -> tuple[Path, Path, Path]:
    corpus, queries, qrels = out / "corpus.jsonl", out / "queries.jsonl", out / "qrels.tsv"
    with corpus.open("w", encoding="utf-8") as fh:
        for d in passages.paragraphs:
            record = {"_id": d.id, "title": d.title, "text": d.text}
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    asked = [(qid, q) for qid, q in questions.questions.items() if qid in passages.questions]
    asked = asked[:limit] if limit else asked
    with queries.open("w", encoding="utf-8") as fq, qrels.open("w", encoding="utf-8") as fr:
        fr.write("query-id\tcorpus-id\tscore\n")
        for qid, (text, _, _) in asked:
            fq.write(json.dumps({"_id": qid, "text": text}, ensure_ascii=False) + "\n")
            fr.write(f"{qid}\t{passages.questions[qid][1]}\t1\n")
    return corpus, queries, qrels
