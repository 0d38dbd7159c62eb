"""The instructor report end to end: outcomes recorded by the real service over the sample
course, served by the real HTTP adapter on loopback at GET /report and opened in headless
Chromium (the gap list, a chart, the Escalations figures, no console errors); the token is
required."""
from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from adapters.http import HttpAdapter
from core.ports import Outcome
from core.ports.escalations import (
    ANSWERED,
    CLAIMED,
    NOT_MATERIAL,
    Asker,
    Escalation,
    EscalationStore,
)
from tests.support.browser import chromium_page
from tests.support.report_scenario import Turn, copy_store, play

pytestmark = pytest.mark.integration
TOKEN = "test-report-token-7f3a"
TURNS = (
    Turn("s1", "What is the time complexity of quicksort?", 1),
    Turn("s2", "What is a red-black tree?"),
    Turn("s3", "How do red-black trees stay balanced after an insert?", -1, "not_in_materials"),
    Turn("s4", "What is TCP congestion control?"),
)

# a 📖 answer, as the service records one the verifier could not confirm
CHECK_ME = Outcome("c-1", "telegram", "s5", "", "CS101", "en", "Is a heap a sorted array?",
                   "A heap keeps its largest key <at the root>.", ("triage", "generate"),
                   "unchecked", citations=({"n": 1, "display_name": "heaps.md", "page": None,
                                            "section": "Binary heaps"},),
                   created_at=datetime.now(UTC) - timedelta(hours=2))


@pytest.fixture
async def served(sample_store, tmp_path) -> AsyncIterator[tuple[str, list]]:
    from bot.composition import report_route
    from bot.container import build_app
    from bot.settings import load_settings

    data = tmp_path / "data"
    copy_store(Path(sample_store.path), data / "studybuddy.db")
    settings = load_settings(data_dir=data, auto_ingest_sample=False, wikipedia_enabled=False,
                             arxiv_enabled=False, rate_limit_per_minute=100,
                             report_token=TOKEN)
    app = await build_app(settings)
    route = report_route(settings, app)
    assert route is not None
    assert app.tadesk is not None and route.reports.escalations is app.tadesk.store
    await _escalate(app.tadesk.store)
    await route.reports.store.record(CHECK_ME)
    adapter = HttpAdapter(app.service, port=0, reports=route.reports, report_token=route.token)
    try:
        replies = await play(app, TURNS)
        await adapter.start()
        yield f"http://127.0.0.1:{adapter.port}", replies
    finally:
        await adapter.stop()
        await app.close()


async def _escalate(desk: EscalationStore) -> None:
    """CS101 cards: answered after 30 min (into the notes) and after 3 h, one claimed, one not
    course material; and one of another course, which a CS101 report leaves out."""
    asked = datetime.now(UTC) - timedelta(days=1)
    cards = [("c1", "CS101", ANSWERED, 30, "doc-1"), ("c2", "CS101", ANSWERED, 180, ""),
             ("c3", "CS101", CLAIMED, None, ""), ("c4", "CS101", NOT_MATERIAL, None, ""),
             ("c5", "BIO110", ANSWERED, 5, "")]
    for n, (card_id, course, status, minutes, note) in enumerate(cards):
        created = asked + timedelta(minutes=n)
        answered = None if minutes is None else created + timedelta(minutes=minutes)
        await desk.open_card(Escalation(card_id, course, "telegram", "-100", f"Q{n}?", "en",
                                        status=status, created_at=created, answered_at=answered,
                                        note_document=note),
                             Asker(card_id, f"u{n}", "telegram", "en", created_at=created))


async def test_report_page_in_chromium(served, caplog):
    base, replies = served
    low = [t.question for t, r in zip(TURNS, replies, strict=True)
           if r.confidence.value == "low"]
    assert low, "the scenario needs questions the course does not cover"
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        assert (await client.get("/report")).status_code == 401
        wrong = await client.get("/report", headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 401 and wrong.headers["WWW-Authenticate"].startswith("Bearer")
        basic = await client.get("/report", headers={"Authorization": f"Basic {TOKEN}"})
        assert basic.status_code == 401
        bad = await client.get("/report?days=x", headers={"Authorization": f"Bearer {TOKEN}"})
        assert bad.status_code == 400 and "'days'" in bad.json()["error"]
        ok = await client.get("/report?course=CS101",
                              headers={"Authorization": f"Bearer {TOKEN}"})
        assert ok.status_code == 200 and ok.headers["Content-Type"].startswith("text/html")
        assert "default-src 'none'" in ok.headers["Content-Security-Policy"]
        typo = await client.get("/report?course=CS110",
                                headers={"Authorization": f"Bearer {TOKEN}"})
        assert typo.status_code == 404 and "CS101" in typo.json()["courses"]
    assert TOKEN not in caplog.text

    async with chromium_page(extra_http_headers={"Authorization": f"Bearer {TOKEN}"}) as (
            page, errors):
        response = await page.goto(f"{base}/report?course=CS101&days=7")
        assert response is not None and response.status == 200
        assert "CS101" in await page.title()
        gaps = page.locator("#gap-list li.gap")
        assert await gaps.count() >= 1
        listed = await page.locator("#gap-list .q").all_inner_texts()
        for question in low:
            assert question in listed  # every ⚠ question is in some group
        assert "How do red-black trees stay balanced after an insert?" in listed  # 👎
        assert "What is the time complexity of quicksort?" not in listed
        chart = page.locator('svg[data-chart="per-day"]')
        assert await chart.count() == 1 and await chart.locator("rect").count() > 3
        box = await chart.bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 100  # drawn, visible
        # every legend entry inside its chart (a second row once cut "Low confidence" off)
        legends = await page.evaluate("""() => [...document.querySelectorAll(
            'svg[data-chart] .legends text')].map(t => {
              const s = t.ownerSVGElement.getBoundingClientRect(), r = t.getBoundingClientRect();
              return [t.textContent, r.bottom <= s.bottom + 1 && r.right <= s.right + 1]; })""")
        assert "Low confidence" in [text for text, _ in legends]
        assert [text for text, inside in legends if not inside] == []
        assert await page.locator('svg[data-chart="documents"]').count() == 1
        section = page.locator("section#escalations")
        assert await section.locator("h2").inner_text() == "Escalations"
        assert await section.is_visible()
        header = await section.locator("th").all_inner_texts()
        cells = await section.locator("tbody tr").first.locator("td").all_inner_texts()
        assert dict(zip(header, cells, strict=True)) == {
            "Course": "CS101", "Opened": "4", "Answered": "2",
            "Median time to answer": "105 min", "90th percentile": "3.0 h", "Still open": "1",
            "Not course material": "1", "Closed": "0", "Added to notes": "1"}
        assert await section.locator("tbody tr").count() == 1  # BIO110 is another course
        await _answers_to_check(page, [CHECK_ME.question] + [
            t.question for t, r in zip(TURNS, replies, strict=True)
            if r.confidence.value == "unchecked" and t.vote >= 0])
        assert errors == []


async def _answers_to_check(page, unchecked: list[str]) -> None:
    """Each unvoted 📖 answer listed under "Answers to check", its reply one click away."""
    section = page.locator("section#unconfirmed")
    assert await section.is_visible()
    assert sorted(await section.locator(".q").all_inner_texts()) == sorted(unchecked)
    item = section.locator("li", has_text=CHECK_ME.question)
    assert await item.locator(".sources").inner_text() == "cited: heaps.md (Binary heaps)"
    reply = item.locator("p.reply")
    assert not await reply.is_visible()
    await item.locator("summary", has_text="What the bot replied").click()
    assert await reply.is_visible() and await reply.inner_text() == CHECK_ME.answer


async def test_report_is_off_without_a_token():
    from core.insight.report import InstructorReports
    from tests.support.fake_embedder import HashingEmbedder
    from tests.support.fake_handler import FakeHandler

    reports = InstructorReports(store=None, embedder=HashingEmbedder())  # type: ignore[arg-type]
    for adapter in (HttpAdapter(FakeHandler(), port=0),
                    HttpAdapter(FakeHandler(), port=0, reports=reports, report_token="")):
        await adapter.start()
        try:
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{adapter.port}") as client:
                gone = await client.get("/report", headers={"Authorization": "Bearer x"})
                assert gone.status_code == 404
        finally:
            await adapter.stop()
