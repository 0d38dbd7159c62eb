"""Ask a TA on Discord, the messages: a card posted on the desk (a forum post, or a text-channel
message with a thread hanging from it), lines under it, its buttons edited, and staff answers
delivered to students as replies to their questions (else by DM).

A card's post is its thread's id; the card message has that same id, inside the thread in a
forum, in the desk channel for a text desk. Every text goes through render.py's defusing
(mentions, link unfurls) and is split at Discord's 2000 characters; mentions are off on every
send. A failed send is logged without its text; a delivery that failed is left unmarked, so the
sweep sends it again.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import discord

from adapters.discord.errors import exception_summary
from adapters.discord.render import MAX_CHARS, neutralise_mentions, render_reply, suppress_unfurls
from adapters.discord.replier import NO_MENTIONS
from adapters.layout import pack
from core.escalation.service import TADesk
from core.escalation.views import Delivery

log = logging.getLogger(__name__)

THREAD_NAME_MAX = 100  # Discord's limit for a thread (forum post) name
ARCHIVE_MINUTES: Literal[10080] = 10080  # a card's thread stays open a week without activity


@dataclass(frozen=True, slots=True)
class CardPlace:
    """A card on Discord: the desk channel (forum or text) and the card's thread id."""

    desk_chat: int
    post: int


def parts_of(body: str) -> list[str]:
    """Desk text (student and bot words in it) defused and split at Discord's limit."""
    safe = neutralise_mentions(suppress_unfurls(body.strip()))
    return pack([p for p in re.split(r"\n\s*\n", safe) if p.strip()], MAX_CHARS) or ["…"]


def thread_name(question: str) -> str:
    name = " ".join(question.split()) or "?"
    return name if len(name) <= THREAD_NAME_MAX else name[:THREAD_NAME_MAX - 1] + "…"


async def channel_of(client: discord.Client, channel_id: int) -> Any:
    """A channel from the cache, else from Discord (a thread the cache never saw)."""
    return client.get_channel(channel_id) or await client.fetch_channel(channel_id)


async def post_card(client: discord.Client, desk_chat: str, question: str, body: str,
                    view: discord.ui.View | None) -> str | None:
    """Post a new card; its thread id (the card's post), or None when Discord refused."""
    first, *rest = parts_of(body)
    buttons: dict[str, Any] = {"view": view} if view is not None else {}
    try:
        channel = await channel_of(client, int(desk_chat))
        if isinstance(channel, discord.ForumChannel):
            thread, _ = await channel.create_thread(
                name=thread_name(question), content=first, allowed_mentions=NO_MENTIONS,
                suppress_embeds=True, auto_archive_duration=ARCHIVE_MINUTES, **buttons)
        elif isinstance(channel, discord.TextChannel):
            card = await channel.send(first, allowed_mentions=NO_MENTIONS, suppress_embeds=True,
                                      **buttons)
            thread = await card.create_thread(name=thread_name(question),
                                              auto_archive_duration=ARCHIVE_MINUTES)
        else:
            log.warning("discord TA desk %s is neither a forum nor a text channel", desk_chat)
            return None
        for part in rest:
            await thread.send(part, allowed_mentions=NO_MENTIONS, suppress_embeds=True)
    except discord.HTTPException as exc:  # missing permissions, a forum requiring tags ...
        log.error("discord TA card could not be posted in %s: %s", desk_chat, exc.status)
        return None
    return str(thread.id)


async def post_line(client: discord.Client, post: str, line: str) -> None:
    """A line under a card (another student joined, claimed, answered, a reminder)."""
    thread = client.get_partial_messageable(int(post))
    try:
        for part in parts_of(line):
            await thread.send(part, allowed_mentions=NO_MENTIONS, suppress_embeds=True)
    except discord.HTTPException as exc:
        log.warning("discord TA card line not posted in %s: %s", post, exc.status)


async def edit_card(client: discord.Client, place: CardPlace, view: discord.ui.View | None
                    ) -> None:
    """Show a card's new buttons on the card message itself."""
    try:
        desk = await channel_of(client, place.desk_chat)
        holder = place.post if isinstance(desk, discord.ForumChannel) else place.desk_chat
        card = client.get_partial_messageable(holder).get_partial_message(place.post)
        await card.edit(view=view)
    except discord.HTTPException as exc:
        log.warning("discord TA card %s not updated: %s", place.post, exc.status)


async def deliver(client: discord.Client, tadesk: TADesk, deliveries: Sequence[Delivery]
                  ) -> None:
    """Send each student's copy; mark it delivered only once sent (else the sweep retries)."""
    for delivery in deliveries:
        try:
            sent = await _send_copy(client, delivery)
        except Exception as exc:  # one student's failure must not stop the others
            log.error("discord TA delivery failed: %s", exception_summary(exc))
            sent = False
        if sent:
            await tadesk.delivered(delivery.card_id, delivery.user_hash)


async def _send_copy(client: discord.Client, delivery: Delivery) -> bool:
    """A reply to the student's question where it was asked, else a DM."""
    parts = render_reply(delivery.reply)
    if delivery.chat:
        channel = client.get_partial_messageable(int(delivery.chat))
        reference = (channel.get_partial_message(int(delivery.message))
                     .to_reference(fail_if_not_exists=False) if delivery.message else None)
        try:
            await _send_parts(channel, parts, reference)
            return True
        except discord.HTTPException as exc:  # the bot lost the channel: try a DM
            log.info("discord TA answer not sent in place (%s); trying a DM", exc.status)
    if not delivery.user_id:
        return False
    try:
        dm = await client.create_dm(discord.Object(int(delivery.user_id)))
        await _send_parts(dm, parts, None)
    except discord.HTTPException as exc:  # DMs closed: the sweep tries again later
        log.warning("discord TA answer not delivered: %s", exc.status)
        return False
    return True


async def _send_parts(channel: Any, parts: list[str],
                      reference: discord.MessageReference | None) -> None:
    first, *rest = parts
    extra: dict[str, Any] = {"reference": reference} if reference is not None else {}
    await channel.send(first, allowed_mentions=NO_MENTIONS, suppress_embeds=True, **extra)
    for part in rest:
        await channel.send(part, allowed_mentions=NO_MENTIONS, suppress_embeds=True)
