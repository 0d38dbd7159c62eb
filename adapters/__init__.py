"""Platform edges: each turns platform events into IncomingMessage and renders Reply back.

Adapter modules are imported only when their adapter is enabled (bot/runner.py decides).
"""
