"""Calling outside services: one-request HTTP plumbing with safe failure reasons (calls) and the
circuit breakers and guards around sources, rerankers and the LLM (resilience).
"""
