"""The instructor report as one self-contained HTML page: inline CSS, inline SVG charts, no
scripts and nothing fetched, so it opens offline and under a strict Content-Security-Policy.

Questions and MISSING notes are user and model text: everything is escaped here, in one place.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from html import escape

from adapters import report_charts
from core.insight.answer_actions import reason_label
from core.insight.report import CONFIDENCES, PageCount, Report
from core.insight.report_escalations import duration_text
from core.insight.report_gaps import Gap

TIMES = "\u00d7"  # the multiplication sign: "asked 3 times" shows as TIMES + "3"
OPEN_GAPS = 20  # more groups than this are folded under "more groups" (still on the page)
REPLY_CHARS = 700  # a 📖 reply shown for checking: its lead and first sources' worth
CSS = """
:root{color-scheme:light;--ink:#1d1d1f;--muted:#666;--line:#e3e3e8;--warn:#ef6c00;--down:#c62828;--ok:#2e7d32}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,sans-serif;color:var(--ink);background:#f6f6f8}
main{max-width:980px;margin:0 auto;padding:24px}
h1{margin:0 0 4px;font-size:26px}h2{margin:0 0 12px;font-size:19px}
.meta{color:var(--muted);margin:0}
section{background:#fff;border:1px solid var(--line);border-radius:10px;padding:18px 20px;
margin:16px 0}
.cards{display:flex;flex-wrap:wrap;gap:10px;margin-top:14px}
.card{background:#fff;border:1px solid var(--line);border-radius:10px;padding:10px 14px;
min-width:120px}
.card b{display:block;font-size:22px}.card span{color:var(--muted);font-size:13px}
svg{width:100%;height:auto;display:block}
table{border-collapse:collapse;width:100%;margin-top:10px}
th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:13px;color:var(--muted);font-weight:600}
td.n{text-align:right;font-variant-numeric:tabular-nums}
ol.gaps{padding-left:0;list-style:none;margin:0}
li.gap{border-left:4px solid var(--warn);padding:8px 12px;margin:10px 0;background:#fffaf3;
border-radius:0 8px 8px 0}
li.gap.unconfirmed{border-left-color:#1565c0;background:#f4f8fd}
li.gap.answered{border-left-color:var(--ok);background:#f5fbf5}
.reply{white-space:pre-wrap;font-size:14px;margin:4px 0 0;color:var(--muted)}
.sources{font-size:13px;color:var(--muted)}
.gap-head .answered{color:var(--ok);font-weight:600}
.gap-head{font-size:13px;color:var(--muted)}
.gap-head .count{font-size:17px;font-weight:700;color:var(--ink);margin-right:4px}
.gap ul{margin:6px 0 0;padding-left:20px}
.times{color:var(--muted);font-size:13px}.missing{margin-top:2px;font-size:13px}
.missing b{color:var(--warn)}.down{color:var(--down)}
.photo{color:var(--muted);font-size:13px;font-style:italic}
details summary{cursor:pointer;color:#1565c0}
.empty{color:var(--muted);font-style:italic}
footer{color:var(--muted);font-size:13px;margin:8px 0 24px}
"""


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _table(headers: Sequence[str], rows: Iterable[Sequence[object]], numeric: int = 0) -> str:
    """A table; the last `numeric` columns are right-aligned numbers."""
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = []
    for row in rows:
        cells = [f'<td class="n">{_e(v)}</td>' if i >= len(row) - numeric else f"<td>{_e(v)}</td>"
                 for i, v in enumerate(row)]
        body.append(f"<tr>{''.join(cells)}</tr>")
    if not body:
        return '<p class="empty">Nothing recorded in this period.</p>'
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def _where(page: PageCount) -> str:
    """"p. 7", "slide 4", or "§ Command Line Options" for a document without pages."""
    if page.page is None:
        return f"§ {page.section}"
    return f"{'slide' if page.unit == 'slide' else 'p.'} {page.page}"


def _reasons(pairs: Sequence[tuple[str, int]]) -> str:
    return ", ".join(f"{reason_label(r, 'en')} {TIMES}{n}" for r, n in pairs)


def _gap(gap: Gap) -> str:
    head = [f"languages: {_e(', '.join(gap.languages))}"]
    if gap.low_confidence:
        head.append(f"⚠ {gap.low_confidence}")
    if gap.down_votes:
        reasons = f" ({_e(_reasons(gap.reasons))})" if gap.reasons else ""
        head.append(f'<span class="down">👎 {gap.down_votes}</span>{reasons}')
    return _group("gap", "question", head, gap)


def _unconfirmed(gap: Gap) -> str:
    """A group of 📖 answers: each question with what the bot replied, for staff to check."""
    return _group("gap unconfirmed", "answer", [f"languages: {_e(', '.join(gap.languages))}"],
                  gap)


def _group(kind: str, noun: str, head: list[str], gap: Gap) -> str:
    """One group of the gaps or of the 📖 answers: its count, `head`, whether staff answered
    it since, then its questions."""
    count = f'<span class="count">{gap.count}</span> {noun}{_s(gap.count)}'
    if gap.staff_answered:
        head = [*head, f'<span class="answered">✔ staff answered {gap.staff_answered}</span>']
        kind += " answered"
    return (f'<li class="{kind}"><div class="gap-head">{" · ".join([count, *head])}</div>'
            f'<ul class="questions">{_questions(gap)}</ul></li>')


def _questions(gap: Gap) -> str:
    """Each question of a group once, with what its latest asking's reply cited, its MISSING
    note (a note under the whole group read as every question's: a new user's "not in the
    course materials: colour, prompt" sat under "What does bc --quiet do?", which the course
    answers) and, one click away, the reply itself."""
    replies = gap.replies()
    return "".join(f'<li dir="auto"><span class="q">{_e(text)}</span>'
                   + (f' <span class="times">{TIMES}{n}</span>' if n > 1 else "")
                   + (' <span class="photo">read from a photo</span>'
                      if replies[text].from_photo else "")
                   + _sources(replies[text].sources) + _missing(replies[text].missing)
                   + f'<details><summary>What the bot replied</summary><p class="reply" '
                     f'dir="auto">{_e(_short(replies[text].answer))}</p></details></li>'
                   for text, n in gap.distinct())


def _missing(note: str) -> str:
    return f'<div class="missing"><b>MISSING</b> {_e(note.strip())}</div>' if note.strip() else ""


def _sources(sources: Sequence[str]) -> str:
    if not sources:
        return ""
    return f'<div class="sources">cited: {_e("; ".join(sources))}</div>'


def _short(reply: str) -> str:
    return reply if len(reply) <= REPLY_CHARS else reply[:REPLY_CHARS - 1].rstrip() + "…"


def _groups(groups: tuple[Gap, ...], render: Callable[[Gap], str], list_id: str,
            empty: str) -> str:
    """The first OPEN_GAPS groups as a list, the rest folded under "more groups"."""
    if not groups:
        return f'<p class="empty">{empty}</p>'
    shown = "".join(render(g) for g in groups[:OPEN_GAPS])
    rest = groups[OPEN_GAPS:]
    more = (f"<details><summary>{len(rest)} more group(s)</summary>"
            f'<ol class="gaps">{"".join(render(g) for g in rest)}</ol></details>') if rest else ""
    return f'<ol class="gaps" id="{list_id}">{shown}</ol>{more}'


def _cards(report: Report) -> str:
    totals = {key: sum(c.get(key, 0) for _, c in report.per_day)
              for key in CONFIDENCES}
    cards = [(report.total, "questions"), (totals["course"], "✅ from the course"),
             (totals["unchecked"], "📖 course, not checked"),
             (totals["supplemented"], "🌐 supplemented"), (totals["low"], "⚠ low confidence"),
             (sum(f.up for f in report.feedback), "👍 up-votes"),
             (sum(f.down for f in report.feedback), "👎 down-votes"),
             (len(report.gaps), "gap groups")]
    return '<div class="cards">' + "".join(
        f'<div class="card"><b>{n}</b><span>{_e(label)}</span></div>' for n, label in cards
    ) + "</div>"


def _practice(report: Report) -> str:
    """The Practice section: quiz answers by document and topic, the hardest items."""
    practice = report.practice
    if practice is None:
        return ""
    if not practice.answered:
        return ('<section id="practice"><h2>Practice</h2><p class="meta">No quiz question was '
                "answered in this window.</p></section>")
    share = practice.right / practice.answered
    documents = _table(["Document", "Answers", "Right", "Share right"],
                       [(t.name, t.answered, t.right, f"{t.share_right:.0%}")
                        for t in practice.documents], 1)
    topics = _table(["Topic", "Answers", "Right", "Share right"],
                    [(t.name, t.answered, t.right, f"{t.share_right:.0%}")
                     for t in practice.topics[:20]], 1)
    hardest = _table(["Question", "Right answer", "Document", "Answers", "Right"],
                     [(h.question, h.right_option, h.document, h.answered, h.right)
                      for h in practice.hardest], 3)
    return f"""<section id="practice"><h2>Practice</h2>
<p class="meta">{practice.answered} quiz answer{_s(practice.answered)} by {practice.students}
student{_s(practice.students)}, {share:.0%} right.</p>{documents}
<h2 style="margin-top:18px">By topic</h2>{topics}
<h2 style="margin-top:18px">Hardest items</h2>{hardest}</section>"""


def _escalations(report: Report) -> str:
    """The Escalations section: per course, questions sent to the TA desk and what became of
    them, with the time to the staff answer."""
    summary = report.escalations
    if summary is None:
        return ""
    if not summary.opened:
        return ('<section id="escalations"><h2>Escalations</h2><p class="meta">No question was '
                "sent to the TA desk in this window.</p></section>")
    table = _table(["Course", "Opened", "Answered", "Median time to answer",
                    "90th percentile", "Still open", "Not course material", "Closed",
                    "Added to notes"],
                   [(c.course, c.opened, c.answered, duration_text(c.median_answer),
                     duration_text(c.p90_answer), c.still_open, c.not_material, c.closed,
                     c.added_to_notes) for c in summary.courses], 8)
    return f"""<section id="escalations"><h2>Escalations</h2>
<p class="meta">Questions students sent to the TA desk ("Ask a TA"); time to answer runs from
the question to the staff answer being sent (answered questions only).</p>{table}</section>"""


def render_html(report: Report, generated_at: datetime | None = None) -> str:
    """The whole page."""
    when = (generated_at or datetime.now(UTC)).strftime("%Y-%m-%d %H:%M UTC")
    days = (report.until - report.since).days + 1
    course = report.course or "all courses"
    per_day = _table(["Day", "From the course", "Course, not checked", "Supplemented",
                      "Low confidence", "Total"],
                     [(d.isoformat(), *(c.get(k, 0) for k in CONFIDENCES), sum(c.values()))
                      for d, c in report.per_day], numeric=5)
    documents = _table(["Document", "Source", "Answers citing it"],
                       [(d.document, d.source_type, d.citations) for d in report.documents], 1)
    pages = _table(["Document", "Page, slide or section", "Answers citing it"],
                   [(p.document, _where(p), p.citations) for p in report.pages], 1)
    feedback = _table(["Course", "Language", "Answers", "👍", "👎", "👎 reasons"],
                      [(f.course or "(none)", f.language, f.answers, f.up, f.down,
                        _reasons(f.reasons) or "—") for f in report.feedback], 0)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Study Buddy report · {_e(course)}</title><style>{CSS}</style></head>
<body><main>
<header><h1>Instructor report · {_e(course)}</h1>
<p class="meta">{report.since:%b %d} – {report.until:%b %d, %Y} ({days} day{_s(days)})
· generated {_e(when)}</p>{_cards(report)}</header>
<section id="gaps"><h2>Top gaps</h2>
<p class="meta">⚠ low-confidence answers and 👎 votes, grouped by similar questions, largest first.
</p>{_groups(report.gaps, _gap, "gap-list", "No ⚠ answers and no 👎 votes in this period.")}
</section>
<section id="unconfirmed"><h2>Answers to check (📖 not confirmed)</h2>
<p class="meta">Answered from the course, but the check could not confirm the passage answers the
question; students may take them as right. Grouped by similar questions, largest first.</p>
{_groups(report.unconfirmed, _unconfirmed, "unconfirmed-list",
         "Every answer from the course was confirmed in this period.")}</section>
<section id="per-day"><h2>Questions per day</h2>{report_charts.questions_per_day(report)}
<details><summary>Table</summary>{per_day}</details></section>
<section id="cited"><h2>Most-cited documents and pages</h2>
{report_charts.most_cited(report) if report.documents else ""}{documents}
<h2 style="margin-top:18px">Pages and sections</h2>{pages}</section>
<section id="feedback"><h2>Votes (👍 up / 👎 down) and reasons by course and language</h2>
{report_charts.feedback(report) if report.feedback else ""}{feedback}</section>
{_practice(report)}
{_escalations(report)}
<footer>Study Buddy · users appear only as keyed hashes; nothing here names a student.</footer>
</main></body></html>
"""
