"""`python -m bench` (what `make bench` runs): every benchmark, each with its baseline in the
same run, results to OUT/<name>.json and OUT/SUMMARY.md.

Benchmarks run one after another (never two heavy jobs at once on a shared 2-core box); the
embedding cache makes reruns fast. `--quick` uses documented subsets.
"""
from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

BENCHMARKS = ("retrieval", "answers", "llm_calls", "latency", "first_answer", "concurrency",
              "ingestion", "docs", "suite", "fresh", "fresh2", "fresh3", "fresh4", "fresh5",
              "fresh6", "fresh7", "fresh8", "fresh9", "integrity", "triage", "chunking", "ocr", "quiz",
              "staff_answers")
HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parents[1] / "shared" / "data"  # ../shared/data beside the repository
DEFAULT_CACHE = HERE / "cache"  # gitignored


@dataclass(frozen=True, slots=True)
class BenchOptions:
    """What every benchmark module's `run(opts)` receives."""

    data: Path
    out: Path
    cache: Path  # absolute: embedding cache and scratch data dirs, kept between runs
    quick: bool
    scifact_docs: int | None  # None = the whole corpus
    xquad_questions: int | None  # retrieval questions per XQuAD pair; None = all
    answer_questions: int | None  # questions per language for the (slow) answer check
    show: bool  # progress bars

    @property
    def embeddings(self) -> Path:
        """The on-disk embedding cache shared by the retrieval and answer benchmarks."""
        return self.cache / "embeddings.sqlite"


def parser() -> argparse.ArgumentParser:
    b = argparse.ArgumentParser(prog="python -m bench", description=(
        "Run the benchmarks, each beside a baseline measured in the same run; writes "
        "OUT/<name>.json and OUT/SUMMARY.md (make bench: --out bench/results)."))
    b.add_argument("--out", type=Path, required=True, metavar="DIR",
                   help="results dir (the committed figures are in bench/results)")
    b.add_argument("--data", type=Path, default=DEFAULT_DATA, metavar="DIR",
                   help="benchmark data dir (default ../shared/data)")
    b.add_argument("--cache", type=Path, default=DEFAULT_CACHE, metavar="DIR",
                   help="embedding cache and scratch data (default bench/cache)")
    b.add_argument("--quick", action="store_true",
                   help="subsets: SciFact 1,000 docs, 150 XQuAD answer questions per language")
    b.add_argument("--only", nargs="+", choices=BENCHMARKS, metavar="NAME",
                   help=f"run only these: {', '.join(BENCHMARKS)}")
    b.add_argument("--scifact-docs", type=int, default=None, metavar="N",
                   help="SciFact subset size (judged docs + the first others)")
    b.add_argument("--xquad-questions", type=int, default=None, metavar="N",
                   help="XQuAD retrieval questions per pair (default all)")
    b.add_argument("--answer-questions", type=int, default=None, metavar="N",
                   help="XQuAD answer-check questions per language (default all; --quick 150)")
    return b


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if not args.data.is_dir():
        print(f"error: benchmark data not found at {args.data} (use --data DIR)", file=sys.stderr)
        return 2
    opts = BenchOptions(
        data=args.data, out=args.out, cache=args.cache.resolve(), quick=args.quick,
        scifact_docs=args.scifact_docs or (1000 if args.quick else None),
        xquad_questions=args.xquad_questions,
        answer_questions=args.answer_questions or (150 if args.quick else None),
        show=True)
    from bench.report import summary, write_result

    flags = "".join(f" --{name.replace('_', '-')}" + ("" if value is True else f" {value}")
                    for name, value in (("quick", args.quick), ("scifact_docs", args.scifact_docs),
                                        ("answer_questions", args.answer_questions))
                    if value)
    results = {}
    for name in args.only or BENCHMARKS:
        print(f"== {name}", file=sys.stderr, flush=True)
        started = time.perf_counter()
        module = importlib.import_module(f"bench.bench_{name}")
        result = asyncio.run(module.run(opts))
        result["seconds"] = time.perf_counter() - started
        result["command"] = f"python -m bench{flags} ({time.strftime('%Y-%m-%d %H:%M')})"
        results[name] = result
        write_result(opts.out, name, result)
        for r in result.get("rows", []):
            mark = {True: "met", False: "NOT MET", None: ""}[r["met"]]
            print(f"  {r['metric']}: {r['ours']}  baseline {r['baseline']}  {r['target']} {mark}",
                  file=sys.stderr, flush=True)
    path = summary(opts.out, results, flags)
    print(f"wrote {path}")
    return 0
