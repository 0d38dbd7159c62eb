"""`studybuddy bench` (what `make bench` runs): every benchmark, each with its baseline in the
same run, results to bench/results/<name>.json and SUMMARY.md.

Benchmarks run one after another (never two heavy jobs at once on a shared 2-core box); the
embedding cache makes reruns fast. `--quick` uses documented subsets.
"""
from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


BENCHMARKS = ("retrieval", "answers", "llm_calls", "latency", "concurrency", "ingestion", "docs")
DEFAULT_DATA = ROOT.parent / "shared" / "data"
DEFAULT_OUT = ROOT / "bench" / "results"


@dataclass(frozen=True, slots=True)
class BenchOptions:
    """What every benchmark module's `run(opts)` receives."""

    data: Path
    out: Path
    quick: bool
    scifact_docs: int | None  # None = the whole corpus
    xquad_questions: int | None  # retrieval questions per XQuAD pair; None = all
    answer_questions: int | None  # questions per language for the (slow) answer check
    show: bool  # progress bars


def add_bench_parser(sub: argparse._SubParsersAction) -> None:
    b = sub.add_parser("bench", help="run the benchmarks; results in bench/results/")
    b.add_argument("--quick", action="store_true",
                   help="subsets: SciFact 1,000 docs, 150 XQuAD answer questions per language")
    b.add_argument("--only", nargs="+", choices=BENCHMARKS, metavar="NAME",
                   help=f"run only these: {', '.join(BENCHMARKS)}")
    b.add_argument("--data", type=Path, default=DEFAULT_DATA,
                   help="benchmark data dir (../shared/data)")
    b.add_argument("--out", type=Path, default=DEFAULT_OUT, help="results dir (bench/results)")
    b.add_argument("--scifact-docs", type=int, default=None, metavar="N",
                   help="SciFact subset size (judged docs + the first others)")
    b.add_argument("--xquad-questions", type=int, default=None, metavar="N",
                   help="XQuAD retrieval questions per pair (default all)")
    b.add_argument("--answer-questions", type=int, default=None, metavar="N",
                   help="XQuAD answer-check questions per language (default all; --quick 150)")
    b.set_defaults(handler=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    if not args.data.is_dir():
        print(f"error: benchmark data not found at {args.data} (use --data DIR)", file=sys.stderr)
        return 2
    opts = BenchOptions(
        data=args.data, out=args.out, quick=args.quick,
        scifact_docs=args.scifact_docs or (1000 if args.quick else None),
        xquad_questions=args.xquad_questions,
        answer_questions=args.answer_questions or (150 if args.quick else None),
        show=True)
    from bot.bench.report import summary, write_result

    flags = "".join(f" --{name.replace('_', '-')}" + ("" if value is True else f" {value}")
                    for name, value in (("quick", args.quick), ("scifact_docs", args.scifact_docs),
                                        ("answer_questions", args.answer_questions))
                    if value)
    results = {}
    for name in args.only or BENCHMARKS:
        print(f"== {name}", file=sys.stderr, flush=True)
        started = time.perf_counter()
        module = importlib.import_module(f"bot.bench.bench_{name}")
        result = asyncio.run(module.run(opts))
        result["seconds"] = time.perf_counter() - started
        result["command"] = f"studybuddy bench{flags} ({time.strftime('%Y-%m-%d %H:%M')})"
        results[name] = result
        write_result(opts.out, name, result)
        for r in result.get("rows", []):
            mark = {True: "met", False: "NOT MET", None: ""}[r["met"]]
            print(f"  {r['metric']}: {r['ours']}  baseline {r['baseline']}  {r['target']} {mark}",
                  file=sys.stderr, flush=True)
    path = summary(opts.out, results, flags)
    print(f"wrote {path}")
    return 0
