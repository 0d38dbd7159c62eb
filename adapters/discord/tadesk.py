"""Ask a TA on Discord, the desk: `/ta here [course] [all]`, `/ta off [course]`, `/ta answer`,
staff replies in a card's thread, and the periodic sweep (reminders, unsent answers).

Staff answer a card by writing in its thread. Without the privileged message content intent,
Discord sends a guild message's text only when it mentions the bot, so a TA mentions the bot in
the thread, replies to the card or a bot message there (a reply with its ping on mentions the
bot), or uses `/ta answer text:...` there; a bot given the intent (Developer Portal and
Intents.message_content) takes plain messages too. An edit of that message before Send replaces
the draft. Who is staff is the core's call, asked of Discord through GuildStaff (staff.py).
"""
from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from adapters.discord.convert import (
    PLATFORM,
    interaction_language,
    interaction_spaces,
    strip_bot_mentions,
)
from adapters.discord.replier import NO_MENTIONS, answer, notice_text
from adapters.discord.ta_cards import card_view, staff_of
from adapters.discord.ta_posts import CardPlace, channel_of, deliver, edit_card, post_line
from core.course.spaces import desk_reply
from core.escalation.service import TADesk
from core.escalation.views import Action, Staff
from core.i18n import supported
from core.messages import Reply
from core.text import detect_language
from core.texts.escalation import text

log = logging.getLogger(__name__)

SWEEP_EVERY_S = 60.0
MAX_CHOICES = 25  # Discord's limit for autocomplete
Interaction = discord.Interaction[Any]


async def desk_place(interaction: Interaction) -> tuple[str, str]:
    """(desk channel, kind) for `/ta here`: a forum (run in the forum or one of its posts) or a
    text channel (run there or in one of its threads)."""
    channel: Any = interaction.channel
    if isinstance(channel, discord.Thread):
        parent = channel.parent or await channel_of(interaction.client, channel.parent_id)
        return str(channel.parent_id), "forum" if isinstance(parent, discord.ForumChannel) \
            else "text"
    kind = "forum" if isinstance(channel, discord.ForumChannel) else "text"
    return str(interaction.channel_id), kind


def add_ta_commands(tree: app_commands.CommandTree[Any], tadesk: TADesk) -> None:
    """Register /ta here | off | answer (server only; the core checks staff every time). Not
    hidden behind Manage Server like /upload: TAs with only the staff role answer with it."""
    group = app_commands.Group(name="ta", description="Staff: the course's Ask a TA desk",
                               guild_only=True)

    async def course_names(interaction: Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        """The courses this chat may use (another server's are never suggested)."""
        wanted = current.strip().casefold()
        names = [c for c in await tadesk.spaces.visible(interaction_spaces(interaction))
                 if wanted in c.casefold()]
        return [app_commands.Choice(name=c, value=c) for c in names[:MAX_CHOICES]]

    @group.command(name="here", description="Staff: send this course's Ask a TA questions here")
    @app_commands.describe(course="Course (default: this channel's)",
                           all="Offer Ask a TA under every answer, not only unsure ones")
    @app_commands.autocomplete(course=course_names)
    async def here(interaction: Interaction, course: str = "", all: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        chat, kind = await desk_place(interaction)
        reply = await tadesk.set_desk(course, staff=staff_of(interaction), platform=PLATFORM,
                                      chat=chat, kind=kind,
                                      spaces=interaction_spaces(interaction), all_answers=all)
        await answer(interaction, notice_text(reply))

    @group.command(name="off", description="Staff: stop Ask a TA for a course")
    @app_commands.describe(course="Course (default: this channel's)")
    @app_commands.autocomplete(course=course_names)
    async def off(interaction: Interaction, course: str = "") -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await tadesk.desk_off(course, staff=staff_of(interaction), platform=PLATFORM,
                                      spaces=interaction_spaces(interaction))
        await answer(interaction, notice_text(reply))

    @group.command(name="answer", description="Staff, in a card's thread: the answer to send")
    @app_commands.describe(text="Your answer to the students")
    async def answer_card(interaction: Interaction, text: str) -> None:
        channel = interaction.channel
        if not isinstance(channel, discord.Thread) or channel.parent_id is None:
            await answer(interaction, notice_text(tadesk_usage(interaction)))
            return
        await interaction.response.defer(thinking=True)  # in the thread, for the other staff
        place = CardPlace(channel.parent_id, channel.id)
        result = await tadesk.draft(PLATFORM, str(place.desk_chat), str(place.post), text,
                                    staff_of(interaction), str(interaction.id))
        if result is None:  # a thread, but no card's
            await answer(interaction, notice_text(tadesk_usage(interaction)))
            return
        view = card_view(result.card)
        buttons: dict[str, Any] = {"view": view} if view is not None else {}
        await interaction.followup.send(notice_text(result.reply), allowed_mentions=NO_MENTIONS,
                                        suppress_embeds=True, **buttons)
        if result.card is not None:
            await edit_card(interaction.client, place, view)

    tree.add_command(group)


def tadesk_usage(interaction: Interaction) -> Reply:
    """`/ta answer` outside a card's thread: how the desk works."""
    language = interaction_language(interaction)
    return desk_reply(text("usage", language), "ta_usage", language)


# --- staff replies in a card's thread ---

async def thread_of(client: discord.Client, channel: Any) -> CardPlace | None:
    """The (desk channel, thread) a guild message was written in, if it is a thread."""
    if isinstance(channel, discord.Thread):
        return CardPlace(channel.parent_id, channel.id)
    if isinstance(channel, discord.PartialMessageable) and channel.guild_id is not None:
        found = await channel_of(client, channel.id)  # a thread the cache never saw
        if isinstance(found, discord.Thread):
            return CardPlace(found.parent_id, found.id)
    return None


def _staff_text(client: discord.Client, message: discord.Message) -> tuple[str, Staff] | None:
    """The staff reply's text (bot mention removed) and its author; None when the message is
    no candidate (a bot, a DM, no text: without the content intent, an unmentioned message)."""
    user = client.user
    if (user is None or message.guild is None or message.author.bot
            or message.webhook_id is not None):
        return None
    body = strip_bot_mentions(message.content or "", user.id)
    if not body:
        return None
    operators: frozenset[int] = getattr(client, "operator_ids", frozenset())
    return body, Staff(str(message.author.id), message.author.display_name,
                       supported(detect_language(body)), operator=message.author.id in operators)


async def staff_reply(client: discord.Client, tadesk: TADesk, message: discord.Message) -> bool:
    """A message in a card's thread drafts the card's answer; False: not a card thread (the
    message is handled as usual)."""
    found = _staff_text(client, message)
    if found is None:
        return False
    place = await thread_of(client, message.channel)
    if place is None:
        return False
    body, staff = found
    result = await tadesk.draft(PLATFORM, str(place.desk_chat), str(place.post), body, staff,
                                str(message.id))
    if result is None:
        return False
    await show_draft(client, message, place, result)
    return True


async def staff_edit(client: discord.Client, tadesk: TADesk, message: discord.Message) -> None:
    """An edit of the message a card's draft came from, before Send: the new text is the
    draft."""
    found = _staff_text(client, message)
    if found is None:
        return
    place = await thread_of(client, message.channel)
    if place is None:
        return
    card = await tadesk.store.card_at(PLATFORM, str(place.desk_chat), str(place.post))
    if card is None or card.draft_message != str(message.id):
        return
    body, staff = found
    result = await tadesk.draft(PLATFORM, str(place.desk_chat), str(place.post), body, staff,
                                str(message.id))
    if result is not None:
        await show_draft(client, message, place, result)


async def show_draft(client: discord.Client, message: discord.Message, place: CardPlace,
                     result: Action) -> None:
    """Reply to the staff message with the core's answer and the card's buttons (Send), and
    put the same buttons on the card."""
    view = card_view(result.card)
    buttons: dict[str, Any] = {"view": view} if view is not None else {}
    await message.reply(notice_text(result.reply), allowed_mentions=NO_MENTIONS,
                        suppress_embeds=True, **buttons)
    if result.card is not None:
        await edit_card(client, place, view)


# --- follow-through ---

async def sweep_once(client: discord.Client, tadesk: TADesk) -> None:
    """Reminders under cards waiting too long, then answers a crash or a closed chat left
    unsent."""
    reminders, deliveries = await tadesk.sweep(PLATFORM)
    for reminder in reminders:
        await post_line(client, reminder.post, reminder.text)
    await deliver(client, tadesk, deliveries)
