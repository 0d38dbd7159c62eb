"""Who is who on Telegram: group administrators are staff of their group; TELEGRAM_STAFF_IDS
are bot-wide staff (the operator) anywhere; group members may read their group's courses in
private chats (GroupMembership).

Telegram has no roles a bot could read cheaply, so a group's own administrators (getChatMember
says creator or administrator) manage its course; an admin posting anonymously "as the group"
(sender_chat is the chat itself) is one of them. Answers are cached briefly per (chat, user), so
one command never asks Telegram twice and a burst of commands does not hit its rate limits.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable

from telegram import Bot, Message
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from adapters.telegram.convert import is_direct
from core.course.tenancy import Actor

logger = logging.getLogger(__name__)

ADMIN_TTL_S = 60.0
MAX_CACHED = 2048
ADMIN_STATUSES = (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)
MEMBER_STATUSES = (*ADMIN_STATUSES, ChatMemberStatus.MEMBER)


def is_anonymous_admin(message: Message) -> bool:
    """An admin who posts as the group itself: Telegram hides who it is, but only admins can."""
    return message.sender_chat is not None and message.sender_chat.id == message.chat.id


def actor_id(message: Message) -> str:
    """Who the desk records as acting: the user, or the group for an anonymous admin."""
    if is_anonymous_admin(message) or message.from_user is None:
        return f"chat:{message.chat.id}"
    return str(message.from_user.id)


def owner_of(message: Message) -> str:
    """Whose preview a message starts, in its buttons' data: the user, or "g" for an anonymous
    admin (any of the group's admins may then act for it)."""
    return "g" if is_anonymous_admin(message) or message.from_user is None \
        else str(message.from_user.id)


class StaffCheck:
    """Decides whether a message's sender may change the chat's course or its materials."""

    def __init__(self, staff_ids: Iterable[int] = (), *, ttl_s: float = ADMIN_TTL_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.staff_ids = frozenset(staff_ids)
        self.ttl_s = ttl_s
        self.clock = clock
        self._admins: dict[tuple[int, int], tuple[float, bool]] = {}

    async def actor(self, bot: Bot, message: Message) -> Actor:
        """The facts core/course/tenancy.py decides on: the group (scope), staff there, operator."""
        user = message.from_user
        operator = (user is not None and user.id in self.staff_ids
                    and not is_anonymous_admin(message))
        if is_direct(message):
            return Actor(actor_id(message), None, staff=operator, operator=operator)
        return Actor(actor_id(message), f"telegram:chat:{message.chat.id}",
                     staff=await self.is_staff(bot, message), operator=operator)

    async def is_staff(self, bot: Bot, message: Message) -> bool:
        user = message.from_user
        if is_direct(message):
            return user is not None and user.id in self.staff_ids
        if is_anonymous_admin(message):
            return True
        if user is None or user.is_bot:
            return False
        return await self.is_admin(bot, message.chat.id, user.id)

    async def is_admin(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        """getChatMember, remembered for `ttl_s`; an API failure counts as "no" (not cached)."""
        now = self.clock()
        cached = self._admins.get((chat_id, user_id))
        if cached is not None and now - cached[0] < self.ttl_s:
            return cached[1]
        try:
            member = await bot.get_chat_member(chat_id, user_id)
        except TelegramError as err:
            logger.warning("getChatMember failed, treating the sender as a student: %s",
                           type(err).__name__)
            return False
        admin = member.status in ADMIN_STATUSES
        if len(self._admins) >= MAX_CACHED:
            self._admins = {k: v for k, v in self._admins.items() if now - v[0] < self.ttl_s}
            if len(self._admins) >= MAX_CACHED:  # a burst of distinct users: start over
                self._admins.clear()
        self._admins[(chat_id, user_id)] = (now, admin)
        return admin


class GroupMembership:
    """core/course/tenancy.py's Membership for Telegram: is the user in the group (getChatMember)?
    The core caches answers; an API failure counts as "no"."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def is_member(self, user_id: str, scope: str) -> bool:
        try:
            member = await self.bot.get_chat_member(int(scope.rsplit(":", 1)[1]), int(user_id))
        except (TelegramError, ValueError) as err:
            logger.warning("getChatMember failed, treating the user as not a member: %s",
                           type(err).__name__)
            return False
        if member.status == ChatMemberStatus.RESTRICTED:
            return bool(getattr(member, "is_member", False))
        return member.status in MEMBER_STATUSES
