"""GET /metrics on the HTTP adapter of a real app: Prometheus text whose counters move as the
service answers, votes are cast and sources fail."""
from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from adapters.http import HttpAdapter
from adapters.metrics import PrometheusMetrics
from core.messages import Intent, Reply

pytestmark = pytest.mark.integration


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


async def test_metrics_follow_replies_and_votes(sample_store):
    from bot.container import build_app
    from bot.settings import load_settings

    app = await build_app(load_settings(data_dir=Path(sample_store.path).parent,
                                        wikipedia_enabled=False, arxiv_enabled=False))
    http = HttpAdapter(app.service, port=0, metrics=app.metrics)
    await http.start()
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{http.port}", timeout=60) as c:
            await c.post("/ask", json={"question": "hello"})
            answer = (await c.post("/ask", json={"question": "What is a hash table?"})).json()
            response = await c.get("/metrics")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/plain")
        got = samples(response.text)
        fast = [v for (name, labels), v in got.items()
                if name == "studybuddy_replies_total" and ("path", "fast") in labels]
        study = [v for (name, labels), v in got.items()
                 if name == "studybuddy_replies_total" and ("path", "study") in labels]
        assert sum(fast) == 1 and sum(study) == 1
        assert got[("studybuddy_study_reply_seconds_count", ())] == 1
        assert got[("studybuddy_fast_reply_seconds_count", ())] == 1
        assert got[("studybuddy_queue_depth", ())] == 0
        assert answer["answer"]
        outcome = (await app.actions.store.outcomes())[-1]  # the newest: this question's
        await app.service.vote(outcome.answer_id, "http", "u", -1, "wrong")
        got = samples(app.metrics.exposition().decode())
        assert got[("studybuddy_votes_total", (("reason", "wrong"), ("vote", "down")))] == 1
    finally:
        await http.stop()
        await app.close()


def test_failed_sources_and_llm_calls_are_counted():
    metrics = PrometheusMetrics(lambda: 3)
    metrics.replied(Reply(text="x", intent=Intent.SIMPLE, route=("triage", "generate"),
                          llm_calls=2, unavailable=("arxiv", "wikipedia")), 1.5)
    got = samples(metrics.exposition().decode())
    assert got[("studybuddy_upstream_errors_total", (("dependency", "wikipedia"),))] == 1
    assert got[("studybuddy_llm_calls_total", ())] == 2
    assert got[("studybuddy_queue_depth", ())] == 3
    assert got[("studybuddy_replies_total", (("confidence", "none"), ("path", "study"),
                                             ("route", "generate")))] == 1
