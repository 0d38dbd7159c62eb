"""Platform edges: each turns platform events into IncomingMessage and renders Reply back.

Registry of adapters by name; modules are imported only when their adapter is enabled.
"""
ADAPTERS: dict[str, str] = {
    "console": "adapters.console:ConsoleAdapter",
    "http": "adapters.http:HttpAdapter",
    "discord": "adapters.discord.adapter:DiscordAdapter",
    "telegram": "adapters.telegram.adapter:TelegramAdapter",
}
