"""Telegram adapter: convert (PTB Message -> IncomingMessage), render (Reply -> HTML texts),
replier (typing + sending), adapter (PTB Application lifecycle).

Nothing is imported here, so `adapters.telegram.render` stays cheap for the contract suite;
import `adapters.telegram.adapter:TelegramAdapter`.
"""
