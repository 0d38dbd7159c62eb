"""Telegram adapter: convert (PTB Message -> IncomingMessage), render (Reply -> HTML texts),
replier (typing + sending), chat_typing (one "typing…" loop per chat), adapter (PTB Application
lifecycle).

Nothing is imported here, so `adapters.telegram.render` stays cheap for the contract suite;
import `adapters.telegram.adapter:TelegramAdapter` (see adapters.ADAPTERS).
"""
