"""Bot API JSON as Telegram sends it, for the fake server's tests: users, text messages with
mention / command entities (UTF-16 offsets, like Telegram), document and photo messages."""
from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

BOT_USER = {"id": 999, "is_bot": True, "first_name": "Study Buddy", "username": "study_buddy_bot"}

_ids = iter(range(1, 1_000_000))


def user(user_id: int = 42, language_code: str | None = "en") -> dict[str, Any]:
    data: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": "Student"}
    if language_code:
        data["language_code"] = language_code
    return data


def _utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def message(text: str, *, chat_id: int = 42, group: bool = False,
            sender: dict[str, Any] | None = None,
            reply_to: dict[str, Any] | None = None,
            sender_chat: dict[str, Any] | None = None) -> dict[str, Any]:
    """A text message with mention / command entities computed like Telegram does."""
    chat: dict[str, Any] = ({"id": chat_id, "type": "supergroup", "title": "Study group"} if group
                            else {"id": chat_id, "type": "private", "first_name": "Student"})
    entities = []
    for word_start, word in _words(text):
        kind = ("bot_command" if word.startswith("/") and word_start == 0 else
                "mention" if word.startswith("@") and len(word) > 1 else None)
        if kind:
            entities.append({"type": kind, "offset": _utf16_len(text[:word_start]),
                             "length": _utf16_len(word)})
    data: dict[str, Any] = {"message_id": next(_ids), "date": int(time.time()), "chat": chat,
                            "from": sender or user(), "text": text}
    if entities:
        data["entities"] = entities
    if reply_to:
        data["reply_to_message"] = reply_to
    if sender_chat is not None:
        data["sender_chat"] = sender_chat
    return data


def document(file_id: str, file_name: str, size: int, *, caption: str | None = None,
             chat_id: int = 42, group: bool = False, sender: dict[str, Any] | None = None,
             sender_chat: dict[str, Any] | None = None,
             mime_type: str | None = None) -> dict[str, Any]:
    """A document message; a leading "/command" in the caption is a bot_command entity, as
    Telegram marks it (bots only see it as a caption, never as a command)."""
    data = message("", chat_id=chat_id, group=group, sender=sender)
    del data["text"]
    data["document"] = {"file_id": file_id, "file_unique_id": f"u{file_id}",
                        "file_name": file_name, "file_size": size}
    if mime_type is not None:
        data["document"]["mime_type"] = mime_type
    if caption is not None:
        data["caption"] = caption
        command = caption.split()[0] if caption.split() else ""
        if command.startswith("/"):
            data["caption_entities"] = [{"type": "bot_command", "offset": 0,
                                         "length": _utf16_len(command)}]
    if sender_chat is not None:
        data["sender_chat"] = sender_chat
    return data


def photo(sizes: Sequence[tuple[str, int, int, int | None]], *, caption: str | None = None,
          chat_id: int = 42, group: bool = False, sender: dict[str, Any] | None = None,
          reply_to: dict[str, Any] | None = None) -> dict[str, Any]:
    """A photo message: `sizes` are (file_id, width, height, file_size or None), smallest
    first as Telegram sends them; caption mentions and a leading /command are entities."""
    data = message(caption or "", chat_id=chat_id, group=group, sender=sender,
                   reply_to=reply_to)
    del data["text"]
    entities = data.pop("entities", None)
    data["photo"] = [{"file_id": file_id, "file_unique_id": f"u{file_id}", "width": width,
                      "height": height} | ({"file_size": size} if size is not None else {})
                     for file_id, width, height, size in sizes]
    if caption is not None:
        data["caption"] = caption
        if entities:
            data["caption_entities"] = entities
    return data


def _words(text: str) -> list[tuple[int, str]]:
    out, index = [], 0
    for word in text.split():
        index = text.index(word, index)
        out.append((index, word.rstrip(".,!?:;")))
        index += len(word)
    return out
