"""Wiring only: the 13 nodes (core/rag/nodes/) and their gates (core/rag/routing.py), compiled
once per process."""
from __future__ import annotations

from typing import TypeAlias

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime

from core.rag import routing
from core.rag.nodes.evaluator import evaluator
from core.rag.nodes.fallback import fallback
from core.rag.nodes.generate import generate
from core.rag.nodes.init_state import init_state
from core.rag.nodes.merge_pool import merge_pool
from core.rag.nodes.normalize import normalize
from core.rag.nodes.reply_chitchat import reply_chitchat
from core.rag.nodes.reply_refusal import reply_refusal
from core.rag.nodes.rerank import rerank
from core.rag.nodes.retrieve import retrieve
from core.rag.nodes.retry_check import retry_check
from core.rag.nodes.router import router
from core.rag.nodes.triage import triage
from core.rag.state import RagContext, RagState

RagGraph: TypeAlias = "CompiledStateGraph[RagState, RagContext, RagState, RagState]"

NODES = (triage, reply_chitchat, reply_refusal, init_state, router, retrieve, normalize,
         merge_pool, rerank, evaluator, retry_check, generate, fallback)


def _score_gate(state: RagState, runtime: Runtime[RagContext]) -> str:
    return routing.score_gate(state, runtime.context.config)


def _retry_check_gate(state: RagState, runtime: Runtime[RagContext]) -> str:
    return routing.retry_check_gate(state, runtime.context.config)


def build_graph() -> RagGraph:
    """triage -> (reply_chitchat | reply_refusal | init_state -> router -> retrieve -> normalize ->
    merge_pool -> rerank -> (generate | evaluator | retry_check) ... -> generate | fallback)."""
    builder = StateGraph(RagState, context_schema=RagContext)
    for node in NODES:
        builder.add_node(node.__name__, node)
    builder.add_edge(START, "triage")
    builder.add_conditional_edges("triage", routing.triage_gate,
                                  ["reply_chitchat", "reply_refusal", "init_state"])
    builder.add_edge("init_state", "router")
    builder.add_edge("router", "retrieve")
    builder.add_edge("retrieve", "normalize")
    builder.add_edge("normalize", "merge_pool")
    builder.add_edge("merge_pool", "rerank")
    builder.add_conditional_edges("rerank", _score_gate, ["generate", "evaluator", "retry_check"])
    builder.add_conditional_edges("evaluator", routing.evaluator_gate, ["generate", "retry_check"])
    builder.add_conditional_edges("retry_check", _retry_check_gate, ["router", "fallback"])
    for terminal in ("reply_chitchat", "reply_refusal", "generate", "fallback"):
        builder.add_edge(terminal, END)
    graph = builder.compile()
    graph.name = "StudyBuddyCRAG"
    return graph


def mermaid() -> str:
    """The compiled graph as Mermaid text (no network: draw_mermaid, not the PNG API)."""
    return build_graph().get_graph().draw_mermaid()
