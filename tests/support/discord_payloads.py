"""What FakeDiscord sends the bot: ids, users, members, and the gateway events a test dispatches
(messages, slash commands with attachments, autocomplete, button presses), shaped like Discord's."""
from __future__ import annotations

import itertools
from typing import Any

BOT_ID, APP_ID, OWNER_ID = 1000000000000000001, 1000000000000000002, 1000000000000000003
GUILD_ID, CHANNEL_ID, DM_CHANNEL_ID = 2000000000000000001, 2000000000000000002, 2000000000000000003
USER_ID, OTHER_BOT_ID = 3000000000000000001, 3000000000000000002
CHANNEL2_ID, STAFF_ROLE_ID, STAFF_USER_ID = 2000000000000000004, 2000000000000000005, 3000000000000000003
FORUM_ID, DESK_CHANNEL_ID = 2000000000000000006, 2000000000000000007
STAFF_ROLE_NAME = "Teaching Staff"
MANAGE_GUILD = 1 << 5
TIMESTAMP = "2026-11-01T00:00:00+00:00"


def user(uid: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "avatar": None, "bot": bot}


def member(*, permissions: int = 0, roles: tuple[int, ...] = ()) -> dict[str, Any]:
    """A guild member; `permissions` is the resolved bitfield interactions carry."""
    return {"roles": [str(r) for r in roles], "flags": 0, "joined_at": TIMESTAMP,
            "permissions": str(permissions)}


def role(rid: int, name: str, position: int = 0) -> dict[str, Any]:
    return {"id": str(rid), "name": name, "permissions": "0", "position": position,
            "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}


def _name(uid: int) -> str:
    return "alice" if uid == USER_ID else f"user{uid % 1000}"


class EventBuilders:
    """Payload builders FakeDiscord mixes in; attachments are served by the fake's own HTTP."""

    _ids: itertools.count[int]
    port: int
    files: dict[str, bytes]
    originals: dict[str, str]
    threads: dict[str, dict[str, Any]]

    def channel_payload(self, channel_id: int, guild_id: int = GUILD_ID) -> dict[str, Any]:
        """The channel an interaction names: a thread the bot made (with its parent), the
        desk forum, else a text channel."""
        thread = self.threads.get(str(channel_id))
        if thread is not None:
            return thread
        kind = 15 if channel_id == FORUM_ID else 0
        return {"id": str(channel_id), "type": kind, "name": "general", "position": 0,
                "guild_id": str(guild_id)}

    def message(self, content: str, *, dm: bool = False, mention_bot: bool = False,
                mention_everyone: bool = False, author_bot: bool = False,
                channel_id: int = CHANNEL_ID, user_id: int = USER_ID,
                reply_to: str | None = None) -> dict[str, Any]:
        """A MESSAGE_CREATE payload from a human (or another bot) in the guild or a DM;
        `channel_id` may be a thread's; `reply_to` makes it a reply to that message."""
        author = user(OTHER_BOT_ID, "otherbot", bot=True) if author_bot else \
            user(user_id, _name(user_id))
        mentions = [{**user(BOT_ID, "studybuddy", bot=True), "member": member()}] \
            if mention_bot else []
        data: dict[str, Any] = {
            "id": str(next(self._ids)), "channel_id": str(DM_CHANNEL_ID if dm else channel_id),
            "type": 0, "content": content, "author": author, "mentions": mentions,
            "mention_everyone": mention_everyone, "mention_roles": [], "attachments": [],
            "embeds": [], "pinned": False, "tts": False, "timestamp": TIMESTAMP,
            "edited_timestamp": None, "flags": 0}
        if not dm:
            data |= {"guild_id": str(GUILD_ID), "member": member()}
        if reply_to is not None:
            data |= {"type": 19, "message_reference": {
                "message_id": reply_to, "channel_id": data["channel_id"]}}
        return data

    def edited(self, message: dict[str, Any], content: str) -> dict[str, Any]:
        """The MESSAGE_UPDATE payload of an edit (Discord sends the whole message)."""
        return {**message, "content": content, "edited_timestamp": TIMESTAMP}

    def modal_submit(self, modal: dict[str, Any], values: list[str], *, user_id: int = USER_ID,
                     channel_id: int = CHANNEL_ID, dm: bool = False,
                     message: dict[str, Any] | None = None) -> dict[str, Any]:
        """A MODAL_SUBMIT for a modal the bot showed (the callback's `data`): each text input,
        in order, filled with `values`."""
        data = self._interaction_base(5, dm=dm, channel_id=channel_id, user_id=user_id,
                                      permissions=0, roles=())
        inputs = iter(values)
        rows = []
        for row in modal["components"]:
            inner = row.get("component") or row["components"][0]
            filled = {"type": 4, "custom_id": inner["custom_id"], "value": next(inputs, "")}
            rows.append({"type": 18, "id": row.get("id", 1), "component": filled}
                        if row["type"] == 18 else {"type": 1, "components": [filled]})
        data["data"] = {"custom_id": modal["custom_id"], "components": rows}
        if message is not None:
            data["message"] = message
        return data
    def interaction(self, name: str, options: dict[str, Any] | None = None, *,
                    dm: bool = False, sub: str | None = None, kind: int = 2,
                    focused: str | None = None, channel_id: int = CHANNEL_ID,
                    user_id: int = USER_ID, permissions: int = 0,
                    roles: tuple[int, ...] = (), guild_id: int = GUILD_ID,
                    locale: str = "en-US") -> dict[str, Any]:
        """An INTERACTION_CREATE payload for a slash command (kind 2) or its autocomplete (4).

        Option values: str (STRING) or an `attachment()` dict (ATTACHMENT, put in
        data.resolved like Discord does); `sub` nests them under a subcommand; `focused` marks
        the option being typed in an autocomplete; `permissions` / `roles` make the member
        staff or a student."""
        opts: list[dict[str, Any]] = []
        resolved: dict[str, Any] = {}
        for key, value in (options or {}).items():
            if isinstance(value, dict):
                resolved.setdefault("attachments", {})[value["id"]] = value
                opts.append({"name": key, "type": 11, "value": value["id"]})
            elif isinstance(value, bool):
                opts.append({"name": key, "type": 5, "value": value})
            else:
                opts.append({"name": key, "type": 3, "value": value}
                            | ({"focused": True} if key == focused else {}))
        if sub is not None:
            opts = [{"name": sub, "type": 1, "options": opts}]
        data = self._interaction_base(kind, dm=dm, channel_id=channel_id, user_id=user_id,
                                      permissions=permissions, roles=roles, guild_id=guild_id)
        data["locale"] = locale
        data["data"] = {"id": str(next(self._ids)), "name": name, "type": 1, "options": opts}
        if resolved:
            data["data"]["resolved"] = resolved
        return data

    def component(self, custom_id: str, message: dict[str, Any], *, user_id: int = USER_ID,
                  permissions: int = 0, dm: bool = False) -> dict[str, Any]:
        """A button press (MESSAGE_COMPONENT) on `message`, as the fake stored it."""
        data = self._interaction_base(3, dm=dm, channel_id=int(message["channel_id"]),
                                      user_id=user_id, permissions=permissions, roles=())
        data["data"] = {"custom_id": custom_id, "component_type": 2}
        data["message"] = message
        self.originals[data["token"]] = message["id"]  # @original is the clicked message
        return data

    def attachment(self, filename: str, content: bytes, *, size: int | None = None
                   ) -> dict[str, Any]:
        """An uploaded file: its bytes are served from this server's /attachments/ path."""
        aid = str(next(self._ids))
        path = f"/attachments/{aid}/{filename}"
        self.files[path] = content
        url = f"http://127.0.0.1:{self.port}{path}"
        return {"id": aid, "filename": filename, "size": len(content) if size is None else size,
                "url": url, "proxy_url": url, "content_type": "application/octet-stream"}

    def _interaction_base(self, kind: int, *, dm: bool, channel_id: int, user_id: int,
                          permissions: int, roles: tuple[int, ...],
                          guild_id: int = GUILD_ID) -> dict[str, Any]:
        who = user(user_id, _name(user_id))
        data: dict[str, Any] = {
            "id": str(next(self._ids)), "application_id": str(APP_ID), "type": kind,
            "token": f"itoken-{next(self._ids)}", "version": 1,
            "attachment_size_limit": 10485760, "locale": "en-US", "entitlements": []}
        if dm:
            data |= {"user": who, "context": 1,
                     "channel": {"id": str(DM_CHANNEL_ID), "type": 1},
                     "channel_id": str(DM_CHANNEL_ID)}
        else:
            data |= {"guild_id": str(guild_id), "context": 0, "app_permissions": "0",
                     "guild_locale": "en-US", "channel_id": str(channel_id),
                     "channel": self.channel_payload(channel_id, guild_id),
                     "member": {**member(permissions=permissions, roles=roles), "user": who},
                     "authorizing_integration_owners": {"0": str(guild_id)}}
        return data
