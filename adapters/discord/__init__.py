"""Discord adapter: render (Reply -> texts), convert (events -> IncomingMessage), adapter.

Nothing is imported here so `adapters.discord.render` stays cheap for the contract suite.
"""
