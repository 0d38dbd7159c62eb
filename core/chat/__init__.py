"""Answering a chat message: limits and queue, history, follow-up rewriting, the graph, the reply.

service.StudyBuddy is the ChatService every adapter calls (core.ports.chat).
"""
