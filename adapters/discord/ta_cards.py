"""Ask a TA on Discord, the buttons: "Ask a TA" under an answer (then a one-line modal), and the
desk card's Claim / Not course material / Close / notes / sign / Send.

Each button's custom_id carries all it needs ("ta:ask:<answer id>:<lang>", "ta:send:<card id>"),
so a press after a restart still reaches the core (the items are registered in setup_hook).
Where cards are posted and how answers reach students is ta_posts.py; the core (TADesk) decides
everything else. What the presser is told is private (ephemeral), except in DMs.
"""
from __future__ import annotations

import logging
from typing import Any

import discord

from adapters.discord.convert import PLATFORM, interaction_language
from adapters.discord.errors import guarded
from adapters.discord.replier import NO_MENTIONS, answer, notice_text
from adapters.discord.ta_posts import CardPlace, deliver, edit_card, post_card, post_line
from core.escalation.service import NOTE_CHARS, TADesk
from core.escalation.views import ACTIONS, CardView, Staff, Student
from core.texts.escalation import text

log = logging.getLogger(__name__)

ASK_TEMPLATE = r"ta:ask:(?P<answer_id>[A-Za-z0-9_-]{1,64})(?::(?P<lang>[a-z]{2,3}))?"
CARD_TEMPLATE = rf"ta:(?P<action>{'|'.join(ACTIONS)}):(?P<card_id>[A-Za-z0-9_-]{{1,64}})"
MODAL_TIMEOUT_S = 900.0  # a modal left open longer is forgotten (it lives in memory only)
TITLE_MAX = 45  # Discord's limit for a modal title and a label
Interaction = discord.Interaction[Any]


def tadesk_of(interaction: Interaction) -> TADesk | None:
    return getattr(interaction.client, "tadesk", None)


def staff_of(interaction: Interaction) -> Staff:
    """The presser as the core's Staff: name, client language, operator (DISCORD_OPERATOR_IDS)."""
    operators: frozenset[int] = getattr(interaction.client, "operator_ids", frozenset())
    return Staff(str(interaction.user.id), interaction.user.display_name,
                 interaction_language(interaction), operator=interaction.user.id in operators)


# --- the student's side ---

class AskButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ASK_TEMPLATE):
    """"Ask a TA" under one answer; a press opens the note modal."""

    def __init__(self, answer_id: str, language: str = "en") -> None:
        super().__init__(discord.ui.Button(label=text("btn_ask", language),
                                           custom_id=f"ta:ask:{answer_id}:{language}",
                                           style=discord.ButtonStyle.primary))
        self.answer_id = answer_id
        self.language = language

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: Any) -> AskButton:
        return cls(match["answer_id"], match["lang"] or interaction_language(interaction))

    async def callback(self, interaction: Interaction) -> None:
        if tadesk_of(interaction) is None:
            return
        # A modal must be the first response (within 3 s): nothing is read before it.
        chat, message = asked_where(interaction)
        modal = AskModal(self.answer_id, self.language, chat, message)

        async def open_modal() -> None:
            await interaction.response.send_modal(modal)
        await guarded(interaction, "ask a TA", open_modal)


def asked_where(interaction: Interaction) -> tuple[str, str]:
    """(channel, message to reply to later): the student's question when the answer replies to
    it in the same channel, else the answer itself."""
    chat = str(interaction.channel_id or interaction.user.id)
    answer_message = interaction.message
    if answer_message is None:
        return chat, ""
    reference = answer_message.reference
    if (reference is not None and reference.message_id is not None
            and reference.channel_id == answer_message.channel.id):
        return chat, str(reference.message_id)
    return chat, str(answer_message.id)


class AskModal(discord.ui.Modal):
    """One optional line: what the student does not get. Kept in memory (random custom_id, so
    two students' modals never collide)."""

    def __init__(self, answer_id: str, language: str, chat: str, message: str) -> None:
        super().__init__(title=text("btn_ask", language)[:TITLE_MAX], timeout=MODAL_TIMEOUT_S)
        self.answer_id, self.language, self.chat, self.message = answer_id, language, chat, message
        self.note: discord.ui.TextInput[Any] = discord.ui.TextInput(
            style=discord.TextStyle.short, required=False, max_length=NOTE_CHARS)
        self.add_item(discord.ui.Label(text=text("note_label", language)[:TITLE_MAX],
                                       component=self.note))

    async def on_submit(self, interaction: Interaction) -> None:
        tadesk = tadesk_of(interaction)
        if tadesk is not None:
            await guarded(interaction, "ask a TA", lambda: escalate(interaction, tadesk, self))


async def escalate(interaction: Interaction, tadesk: TADesk, modal: AskModal) -> None:
    """Send the question to the desk: post the new card (or a line under the card the student
    joined), then tell the student; a card Discord refused is withdrawn and the student told."""
    private = interaction.guild_id is not None  # in a DM the confirmation is an ordinary reply
    await interaction.response.defer(ephemeral=private, thinking=True)
    name = getattr(interaction.channel, "name", None)
    student = Student(PLATFORM, str(interaction.user.id), modal.chat, modal.message,
                      modal.language, interaction.user.display_name,
                      f"#{name}" if private and name else "")
    result = await tadesk.escalate(modal.answer_id, student, str(modal.note.value or ""))
    reply, client = result.reply, interaction.client
    if result.card is not None and result.desk is not None:
        card = await tadesk.store.card(result.card.id)
        title = card.question if card is not None else result.card.id
        post = await post_card(client, result.desk.chat, title, result.card_text,
                               card_view(result.card))
        if post is None:
            reply = await tadesk.withdraw(result.card.id, modal.language)
        else:
            await tadesk.posted(result.card.id, post)
    elif result.update and result.post:
        await post_line(client, result.post, result.update)
    await answer(interaction, notice_text(reply), ephemeral=private)


def ask_button(answer_id: str, language: str) -> AskButton:
    return AskButton(answer_id, language if language in ("en", "ar") else "en")


# --- the desk's side ---

class CardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CARD_TEMPLATE):
    """One card button; a press reaches TADesk.act with the presser as Staff."""

    def __init__(self, action: str, card_id: str, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(label=label or action, style=style,
                                           custom_id=f"ta:{action}:{card_id}"))
        self.action = action
        self.card_id = card_id

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: Any) -> CardButton:
        return cls(match["action"], match["card_id"], getattr(item, "label", "") or "")

    async def callback(self, interaction: Interaction) -> None:
        tadesk = tadesk_of(interaction)
        if tadesk is not None:
            await guarded(interaction, "desk card button",
                          lambda: press_card(interaction, tadesk, self.action, self.card_id))


def card_view(card: CardView | None) -> discord.ui.View | None:
    """The card's buttons for its state: none once finished."""
    if card is None or not card.waiting:
        return None
    lang, style = card.language, discord.ButtonStyle
    notes = ("notes", text("btn_notes_on" if card.add_to_notes else "btn_notes_off", lang),
             style.secondary)
    close = ("close", text("btn_close", lang), style.danger)
    if card.has_draft:
        items = [("send", text("btn_send", lang, count=card.students), style.success),
                 ("sign", text("btn_sign_on" if card.signed else "btn_sign_off", lang),
                  style.secondary), notes, close]
    else:
        items = [("claim", text("btn_claim", lang), style.primary),
                 ("material", text("btn_material", lang), style.secondary), close, notes]
    view = discord.ui.View(timeout=None)
    for action, label, kind in items:
        view.add_item(CardButton(action, card.id, label[:80], kind))
    return view


def place_of(interaction: Interaction) -> CardPlace | None:
    """Where the pressed card lives: inside its thread (a forum post, or a draft notice), else
    the card message itself in a text channel (its id is its thread's)."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return CardPlace(channel.parent_id, channel.id)
    if channel is not None and interaction.message is not None:
        return CardPlace(channel.id, interaction.message.id)
    return None


async def press_card(interaction: Interaction, tadesk: TADesk, action: str, card_id: str
                     ) -> None:
    """Act, then show the new buttons on the pressed message and on the card, tell the presser
    privately, add the line under the card and deliver what is owed."""
    await interaction.response.defer()  # a deferred update: the pressed message stays as it is
    result = await tadesk.act(card_id, action, staff_of(interaction))
    client = interaction.client
    if result.card is not None and interaction.message is not None:
        view = card_view(result.card)
        # Content re-sent as it is: an edit always carries its text and no pings.
        await interaction.edit_original_response(content=interaction.message.content,
                                                 view=view, allowed_mentions=NO_MENTIONS)
        place = place_of(interaction)
        if place is not None and interaction.message.id != place.post:
            await edit_card(client, place, view)
    await answer(interaction, notice_text(result.reply))
    if result.update and result.post:
        await post_line(client, result.post, result.update)
    await deliver(client, tadesk, result.deliveries)
