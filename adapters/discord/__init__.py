"""Discord adapter, laid out like the Telegram one (tests/contract/test_layout_contract.py):
convert (events -> IncomingMessage, pure), render (Reply -> texts, pure), replier, commands
(/ask, /forget), desk (staff commands), buttons, staff, errors (the one error hook),
adapter (lifecycle).

Nothing is imported here so `adapters.discord.render` stays cheap for the contract suite.
"""
