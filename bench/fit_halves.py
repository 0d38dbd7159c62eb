"""The fit halves of the ten blind question sets, run and compared: what every answer change is
chosen on (the report halves are read only by `make bench`). Before this, each session rebuilt the
same throw-away scripts to run them and to tell what a change moved.

    .venv/bin/python -m bench.fit_halves run /tmp/fit-before --stores /tmp/fit-stores
    (change the code)
    .venv/bin/python -m bench.fit_halves run /tmp/fit-after --stores /tmp/fit-stores
    .venv/bin/python -m bench.fit_halves compare /tmp/fit-before /tmp/fit-after
    .venv/bin/python -m bench.fit_verifier /tmp/fit-after/*.json     (to refit the verifier)
    .venv/bin/python -m bench.fit_halves locate /tmp/fit-after --stores /tmp/fit-stores
        (where each missed answer was lost: retrieval, the reranker's cut, or the picker)

`--stores` keeps each set's ingested store (rebuilt only when a file's bytes change), so a second
run asks the questions only: about 11 minutes for the suite, 2-6 for each other set, on 2 cores.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bench.miss_stages import STAGES, locate
from bot.eval_docs import evaluate_docs

BENCH = Path(__file__).resolve().parent
SETS = {"suite": "realdocs_suite", "fresh": "realdocs_fresh", "fresh2": "realdocs_fresh2",
        "fresh3": "realdocs_fresh3", "fresh4": "realdocs_fresh4", "fresh5": "realdocs_fresh5",
        "fresh6": "realdocs_fresh6", "fresh7": "realdocs_fresh7",
        "fresh8": "realdocs_fresh8", "fresh9": "realdocs_fresh9"}
COLUMNS = ("gold", "checked_right", "checked", "unanswerable_unchecked", "unanswerable")


def run(out: Path, stores: Path | None, names: list[str]) -> None:
    """Ask each set's fit half; write `<out>/<set>.json` (the `eval docs --json` record)."""
    out.mkdir(parents=True, exist_ok=True)
    for name in names:
        folder = BENCH / SETS[name]
        result = asyncio.run(evaluate_docs(folder / "docs", sorted(folder.glob("qa*.jsonl")),
                                           store_dir=stores / name if stores else None,
                                           half="fit"))
        (out / f"{name}.json").write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")
        print(f"{name}: {_line(tally(result))}", flush=True)


def tally(result: dict[str, Any]) -> dict[str, float]:
    """Counts a change is judged by, as `eval docs` counted them: gold answers in reply (of
    answerable questions), ✅ replies and how many of them hold the gold, unanswerable questions
    not marked ✅, and words per answer."""
    counts = result["halves"]["fit"]["all"]["counts"]
    out = {key: counts.get(key, 0) for key in (*COLUMNS, "answerable")}
    return out | {"words": counts.get("words", 0) / max(out["answerable"], 1)}


def _line(t: dict[str, float]) -> str:
    wrong = t["checked"] - t["checked_right"]
    return (f"gold {t['gold']}/{t['answerable']}  ✅ {t['checked_right']}/{t['checked']} "
            f"(wrong {wrong})  unanswerable not ✅ {t['unanswerable_unchecked']}/"
            f"{t['unanswerable']}  words per answer {t['words']:.1f}")


def compare(before: Path, after: Path) -> None:
    """Per set and in all, before and after; then every question whose gold or mark changed."""
    totals: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    changed: list[str] = []
    for name in SETS:
        paths = before / f"{name}.json", after / f"{name}.json"
        if not all(p.exists() for p in paths):
            continue
        old, new = (json.loads(p.read_text(encoding="utf-8")) for p in paths)
        for label, result in (("before", old), ("after", new)):
            t = tally(result)
            print(f"{name:<7} {label:<7} {_line(t)}")
            for key in (*COLUMNS, "answerable"):
                totals[label][key] = totals[label].get(key, 0) + t[key]
        earlier = {q["id"]: q for q in old["questions"]}
        for q in new["questions"]:
            e = earlier.get(q["id"])
            if e and (e["gold_in_reply"], e["confidence"]) != (q["gold_in_reply"], q["confidence"]):
                changed.append(f"  {q['id']}: gold {e['gold_in_reply']} -> {q['gold_in_reply']}, "
                               f"{e['confidence']} -> {q['confidence']} | {q['question'][:80]}")
    for label, t in totals.items():
        if t:
            net = 2 * t["checked_right"] - t["checked"]
            print(f"all     {label:<7} gold {t['gold']}/{t['answerable']}  ✅ right {t['checked_right']}"
                  f" of {t['checked']} (right - wrong {net})  unanswerable not ✅ "
                  f"{t['unanswerable_unchecked']}/{t['unanswerable']}")
    print(f"{len(changed)} question(s) changed", *changed, sep="\n")


def where_lost(records: Path, stores: Path, names: list[str]) -> None:
    """Each set's answerable fit-half misses in `records`, with the stage that lost the gold;
    then how many each stage lost."""
    counts = dict.fromkeys(STAGES, 0)
    for name in names:
        path = records / f"{name}.json"
        if not path.exists():
            continue
        for miss in asyncio.run(locate(json.loads(path.read_text(encoding="utf-8")),
                                       stores / name)):
            counts[miss.stage] += 1
            places = f"retrieved {miss.pool_rank}, context {miss.context_rank}"
            print(f"{miss.id:<15} {miss.stage:<27} {places:<29} {miss.question[:60]}",
                  flush=True)
    print(", ".join(f"{stage}: {n}" for stage, n in counts.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fit_halves", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    r = commands.add_parser("run", help="ask the fit halves, one JSON per set into OUT")
    r.add_argument("out", type=Path)
    r.add_argument("--stores", type=Path, default=None, help="keep each set's store here")
    r.add_argument("--only", nargs="+", choices=list(SETS), default=list(SETS))
    c = commands.add_parser("compare", help="what changed from one run to another")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    w = commands.add_parser("locate", help="where each fit-half miss of RECORDS lost its gold")
    w.add_argument("records", type=Path)
    w.add_argument("--stores", type=Path, required=True, help="the stores `run` kept")
    w.add_argument("--only", nargs="+", choices=list(SETS), default=list(SETS))
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args.out, args.stores, args.only)
    elif args.command == "locate":
        try:
            where_lost(args.records, args.stores, args.only)
        except FileNotFoundError as err:
            print(f"locate: {err}", file=sys.stderr)
            return 2
    else:
        compare(args.before, args.after)
    return 0


if __name__ == "__main__":
    sys.exit(main())
