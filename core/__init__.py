"""Study Buddy's engine: platform-neutral messages, ports, the Corrective-RAG graph and its parts.

Nothing here imports Discord, Telegram, adapters or bot; nothing is built at import time.
"""
