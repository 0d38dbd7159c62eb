"""Reranking: Jina API -> local e5 -> retrieval order, every tier calibrated to P(relevant)."""
