"""Telegram adapter, laid out like the Discord one (tests/contract/test_layout_contract.py):
convert (PTB Message -> IncomingMessage, pure), render (Reply -> HTML texts, pure), replier,
commands (/help, /ask, /forget, text), desk (staff commands), buttons, staff, errors (the
one error hook), adapter (lifecycle); Telegram only: webhook, journal_sweep.

Nothing is imported here, so `adapters.telegram.render` stays cheap for the contract suite;
import `adapters.telegram.adapter:TelegramAdapter`.
"""
