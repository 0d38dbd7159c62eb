"""PTB Message -> IncomingMessage, plus the "is this message for us?" decision. Pure functions.

Entity offsets are counted in UTF-16 code units (Bot API), so mentions and the leading command
are cut out on the UTF-16 encoding, which keeps emoji and Arabic text intact around them.
"""
from __future__ import annotations

from telegram import Message, MessageEntity
from telegram.constants import ChatType

from core.i18n import supported
from core.messages import IncomingMessage

PLATFORM = "telegram"


def _entity_text(text: str, entity: MessageEntity) -> str:
    raw = text.encode("utf-16-le")
    return raw[entity.offset * 2:(entity.offset + entity.length) * 2].decode("utf-16-le")


def _is_bot_mention(text: str, entity: MessageEntity, bot_username: str | None,
                    bot_id: int | None) -> bool:
    if entity.type == MessageEntity.TEXT_MENTION:
        return entity.user is not None and bot_id is not None and entity.user.id == bot_id
    if entity.type == MessageEntity.MENTION and bot_username:
        return _entity_text(text, entity).lstrip("@").lower() == bot_username.lstrip("@").lower()
    return False


def mentions_bot(message: Message, bot_username: str | None, bot_id: int | None = None) -> bool:
    """True when the message @mentions the bot (by username or as a text mention)."""
    text = message.text or message.caption or ""
    entities = message.entities or message.caption_entities or ()
    return any(_is_bot_mention(text, e, bot_username, bot_id) for e in entities)


def is_direct(message: Message) -> bool:
    return message.chat.type == ChatType.PRIVATE


def should_answer(message: Message, bot_username: str | None, bot_id: int | None = None) -> bool:
    """Private chats: every text message. Groups: only when the bot is mentioned."""
    if message.from_user is not None and message.from_user.is_bot:
        return False
    if not (message.text or "").strip():
        return False
    return is_direct(message) or mentions_bot(message, bot_username, bot_id)


def clean_text(message: Message, bot_username: str | None, bot_id: int | None = None, *,
               drop_command: bool = False) -> str:
    """The message text without the bot's @mentions (and without a leading /command)."""
    text = message.text or message.caption or ""
    entities = message.entities or message.caption_entities or ()
    cuts = [e for e in entities if _is_bot_mention(text, e, bot_username, bot_id)
            or (drop_command and e.type == MessageEntity.BOT_COMMAND and e.offset == 0)]
    raw = text.encode("utf-16-le")
    for entity in sorted(cuts, key=lambda e: e.offset, reverse=True):
        raw = raw[:entity.offset * 2] + raw[(entity.offset + entity.length) * 2:]
    kept = raw.decode("utf-16-le", errors="ignore")
    lines = [" ".join(line.split()) for line in kept.strip().splitlines()]
    return "\n".join(lines).strip()


def spaces_of(message: Message) -> tuple[str, ...]:
    """The chat's course-space keys: a group is one space; a private chat is the user's own."""
    if is_direct(message):
        user = message.from_user
        return (f"{PLATFORM}:user:{user.id if user else message.chat.id}",)
    return (f"{PLATFORM}:chat:{message.chat.id}",)


def language_hint(message: Message) -> str | None:
    """Primary language subtag of the sender's Telegram UI language ("pt-br" -> "pt")."""
    code = message.from_user.language_code if message.from_user else None
    return code.split("-")[0].lower() if code else None


def language_of(code: str | None) -> str:
    """The language the desk and the buttons speak to a Telegram UI language: Arabic to Arabic
    UIs, English to everyone else."""
    return supported(code)


def message_language(message: Message | None) -> str:
    """The language the bot's own lines speak to the sender of `message` (language_of)."""
    return language_of(message.from_user.language_code if message and message.from_user
                       else None)


def to_incoming(message: Message, bot_username: str | None, bot_id: int | None = None, *,
                drop_command: bool = False) -> IncomingMessage:
    """The neutral message the core answers; `drop_command` for "/ask question"."""
    replied = message.reply_to_message
    reply_to = (replied.text or replied.caption) if replied else None
    user = message.from_user
    return IncomingMessage(
        platform=PLATFORM,
        user_id=str(user.id if user else message.chat.id),
        chat_id=str(message.chat.id),
        text=clean_text(message, bot_username, bot_id, drop_command=drop_command),
        is_direct=is_direct(message),
        mentions_bot=mentions_bot(message, bot_username, bot_id),
        reply_to_text=reply_to or None,
        language_hint=language_hint(message),
        message_id=str(message.message_id),
        sent_at=message.date,
        spaces=spaces_of(message),
    )

