"""Checks shared by the check_en.py / check_ar.py audit scripts of the blind sets realdocs_fresh2 to
realdocs_fresh5 (they put this folder on sys.path and import it by bare name, like textutil).

Each script keeps its set's data (documents, reserved and excluded names, PDF heading pattern) and the
checks only it makes; what every script does is here, and what every script of one language does is in
qacheck_en.py / qacheck_ar.py, so a fix reaches all sets at once. The report format is theirs: '== '
sections, then the WARN and ERROR lines and a SUMMARY line (Report.finish).
"""
import collections
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

Row = dict
Docs = dict[str, dict]

TYPES = {'fact', 'numeric', 'command', 'definition', 'none'}


def has_arabic(s: str) -> bool:
    return any('\u0600' <= c <= '\u06ff' for c in s)


class Report:
    """A check run's errors and warnings, collected as found and printed together at the end."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.warnings: list[str] = []

    def err(self, msg: str) -> None:
        self.errors.append(msg)

    def warn(self, msg: str) -> None:
        self.warnings.append(msg)

    def finish(self, n_questions: int, n_gold: int) -> int:
        """Print the closing lines every script ends with; return the exit code (0 = no errors)."""
        print(f'== gold strings checked: {n_gold}')
        for w in self.warnings:
            print('WARN', w)
        for e in self.errors:
            print('ERROR', e)
        print(f'SUMMARY: {n_questions} questions, {len(self.errors)} errors, {len(self.warnings)} warnings')
        return 1 if self.errors else 0


def reexec_with_venv(script: str, env_var: str) -> None:
    """When run by a Python without pypdfium2, rerun `script` with the project venv if it has one, so a
    bare `python3 check_en.py` reads the PDFs as the venv does; `env_var` marks the rerun (no loop)."""
    try:
        import pypdfium2  # noqa: F401
        return
    except ImportError:
        pass
    path = Path(script).resolve()
    venv = path.parents[2] / '.venv' / 'bin' / 'python'
    if venv.is_file() and os.environ.get(env_var) != '1':
        os.environ[env_var] = '1'
        os.execv(str(venv), [str(venv), str(path), *sys.argv[1:]])


# ---- the qa rows -------------------------------------------------------------------------------
def read_rows(lines: Iterable[str], rep: Report) -> list[Row]:
    """Parse the qa JSONL lines (a bad line is reported, not fatal) and print the question count."""
    rows = []
    for n, line in enumerate(lines, 1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as e:
            rep.err(f'line {n}: bad JSON: {e}')
    print(f'== {len(rows)} questions')
    return rows


def check_duplicates(rows: list[Row], rep: Report, question_key: Callable[[str], str], label: str) -> None:
    """A repeated id, or two questions equal under the set's `question_key`, would be scored twice."""
    for i, c in collections.Counter(r.get('id') for r in rows).items():
        if c > 1:
            rep.err(f'duplicate id {i}')
    for q, c in collections.Counter(question_key(r.get('question', '')) for r in rows).items():
        if c > 1:
            rep.err(f'{label}: {q}')


def check_ids_in_order(rows: list[Row], prefix: str, rep: Report) -> None:
    expected = [f'{prefix}-{i:03d}' for i in range(1, len(rows) + 1)]
    if [r.get('id') for r in rows] != expected:
        rep.err(f'ids are not {prefix}-001.. in order')


def report_split(rows: list[Row], kinds: Iterable[str], rep: Report, overall_counts: bool = False) -> None:
    """Print the fit/report counts per kind and overall; a difference over 1 would bias one half."""
    print('== split')
    kc = collections.Counter((r.get('kind'), r.get('half')) for r in rows)
    for k in kinds:
        f_, rp = kc[(k, 'fit')], kc[(k, 'report')]
        print(f'  {k:13s} fit={f_:3d} report={rp:3d}')
        if abs(f_ - rp) > 1:
            rep.err(f'half imbalance for kind {k}: {f_} vs {rp}')
    tot = collections.Counter(r.get('half') for r in rows)
    print(f'  {"total":13s} fit={tot["fit"]:3d} report={tot["report"]:3d}')
    if abs(tot['fit'] - tot['report']) > 1:
        rep.err(f'overall half imbalance: {tot["fit"]} vs {tot["report"]}' if overall_counts
                else 'overall half imbalance')


def print_kind_type_counts(rows: list[Row], word: str) -> None:
    print(f'== counts {word} kind:', dict(collections.Counter(r.get('kind') for r in rows)))
    print(f'== counts {word} type:', dict(collections.Counter(r.get('type') for r in rows)))


def unanswerable_rows(rows: list[Row], unans: Iterable[tuple[str, list[str]]], normalize: Callable[[str], str],
                      rep: Report, title: str, empty_ok: bool) -> Iterator[tuple[Row, list[str]]]:
    """Print `title`, then yield each unanswerable row with its key terms (from the set's UNANS) after
    printing it; a row without terms is an error, since nothing shows its answer is absent."""
    print(title)
    terms_by_q = {normalize(q): t for q, t in unans}
    for r in rows:
        if r.get('kind') != 'unanswerable':
            continue
        terms = terms_by_q.get(normalize(r['question']))
        if terms is None or not (terms or empty_ok):
            rep.err(f'{r["id"]}: no key terms recorded in UNANS')
            continue
        print(f'  {r["id"]} {r["question"]}')
        yield r, terms


def other_set_dirs(here: Path) -> list[Path]:
    """The folders of the other realdocs sets and the shared realdocs data: none may reuse their pages."""
    return [d for d in [*here.parent.glob('realdocs_*'), here.parents[2] / 'shared/data/realdocs']
            if d.resolve() != here]


