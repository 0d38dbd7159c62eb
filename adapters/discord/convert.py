"""Discord events -> IncomingMessage, and the "is this message for us?" decision.

Pure functions over the attributes discord.py exposes (Message, Interaction), read by duck typing
so tests can pass small stubs. No network, no client state beyond the bot's own user id.
"""
from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from core.i18n import supported
from core.messages import IncomingMessage

PLATFORM = "discord"
# Only ordinary user messages; joins, pins, boosts, thread-created notices are not questions.
_USER_MESSAGE_TYPES = {"default", "reply"}


def _mention_pattern(bot_id: int, role_ids: set[int]) -> re.Pattern[str]:
    roles = "".join(f"|<@&{r}>" for r in sorted(role_ids))
    return re.compile(rf"<@!?{bot_id}>{roles}")


def _bot_role_ids(message: Any, bot_id: int) -> set[int]:
    """Ids of the bot's own managed role(s) mentioned in the message ("@Study Buddy" role)."""
    return {
        role.id
        for role in getattr(message, "role_mentions", None) or ()
        if getattr(getattr(role, "tags", None), "bot_id", None) == bot_id
    }


def strip_bot_mentions(text: str, bot_id: int, role_ids: set[int] | None = None) -> str:
    """Remove <@id>/<@!id> (and the bot's role mention) and tidy the whitespace left behind."""
    text = _mention_pattern(bot_id, role_ids or set()).sub(" ", text)
    lines = [" ".join(line.split()) for line in text.strip().splitlines()]
    return "\n".join(lines).strip()


def mentions_bot(message: Any, bot_id: int) -> bool:
    """True only for a real mention of the bot: not @everyone/@here (unlike mentioned_in())."""
    if any(user.id == bot_id for user in getattr(message, "mentions", None) or ()):
        return True
    return bool(_bot_role_ids(message, bot_id))


def is_direct(message: Any) -> bool:
    return getattr(message, "guild", None) is None


def should_answer(message: Any, bot_id: int) -> bool:
    """Answer DMs and guild mentions from humans; ignore ourselves, other bots and the rest."""
    author = message.author
    if author.id == bot_id or getattr(author, "bot", False):
        return False
    if getattr(message, "webhook_id", None) is not None:
        return False
    kind = getattr(getattr(message, "type", None), "name", "default")
    if kind not in _USER_MESSAGE_TYPES:
        return False
    return is_direct(message) or mentions_bot(message, bot_id)


def replied_text(message: Any) -> str | None:
    """Text of the message this one replies to, when Discord sent it along (resolved)."""
    reference = getattr(message, "reference", None)
    if reference is None:
        return None
    resolved = getattr(reference, "resolved", None)
    # DeletedReferencedMessage has no content; an unresolved reference is None.
    content = getattr(resolved, "content", None)
    return (content.strip() or None) if isinstance(content, str) else None


def _sent_at(value: Any) -> datetime:
    return value if isinstance(value, datetime) else datetime.now(UTC)


def space_keys(user_id: Any, guild_id: Any, channel_id: Any, parent_id: Any = None
               ) -> tuple[str, ...]:
    """Course-space keys, most specific first: thread, its channel, the server; or the user in
    a DM (core/course/spaces.py resolves them)."""
    if guild_id is None:
        return (f"discord:user:{user_id}",)
    keys = [f"discord:channel:{channel_id}"] if channel_id is not None else []
    if parent_id is not None and parent_id != channel_id:
        keys.append(f"discord:channel:{parent_id}")
    return (*keys, f"discord:guild:{guild_id}")


def spaces_of(message: Any) -> tuple[str, ...]:
    """Space keys of a message: a thread's own key, then its parent channel's, then the guild's."""
    guild = getattr(message, "guild", None)
    channel = message.channel
    return space_keys(message.author.id, getattr(guild, "id", None), channel.id,
                      getattr(channel, "parent_id", None))


def interaction_spaces(interaction: Any) -> tuple[str, ...]:
    """Space keys of a slash command or button press (channel object may be partial)."""
    channel = getattr(interaction, "channel", None)
    channel_id = getattr(interaction, "channel_id", None) or getattr(channel, "id", None)
    return space_keys(interaction.user.id, getattr(interaction, "guild_id", None), channel_id,
                      getattr(channel, "parent_id", None))


def to_incoming(message: Any, bot_id: int) -> IncomingMessage:
    """A Discord message (DM or guild mention) as the core sees it."""
    text = strip_bot_mentions(message.content or "", bot_id, _bot_role_ids(message, bot_id))
    return IncomingMessage(
        platform=PLATFORM,
        user_id=str(message.author.id),
        chat_id=str(message.channel.id),
        text=text,
        is_direct=is_direct(message),
        mentions_bot=mentions_bot(message, bot_id),
        reply_to_text=replied_text(message),
        message_id=str(message.id),
        sent_at=_sent_at(getattr(message, "created_at", None)),
        spaces=spaces_of(message),
    )


def interaction_to_incoming(interaction: Any, question: str) -> IncomingMessage:
    """A /ask slash command as the core sees it: always addressed to the bot."""
    channel_id = getattr(interaction, "channel_id", None)
    return IncomingMessage(
        platform=PLATFORM,
        user_id=str(interaction.user.id),
        chat_id=str(channel_id if channel_id is not None else interaction.user.id),
        text=" ".join(question.split()),
        is_direct=getattr(interaction, "guild_id", None) is None,
        mentions_bot=True,
        message_id=str(interaction.id),
        sent_at=_sent_at(getattr(interaction, "created_at", None)),
        spaces=interaction_spaces(interaction),
    )


def interaction_language(interaction: Any) -> str:
    """"ar" when the user's Discord client runs in Arabic, else "en" (the desk's two languages)."""
    locale = getattr(interaction, "locale", None)
    value = getattr(locale, "value", locale)
    return supported(value if isinstance(value, str) else None)
