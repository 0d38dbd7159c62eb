"""What the desk owes students, sent once: each student's copy of a finished card is leased to
one sender (LEASE) and marked delivered after it is sent, so a crash between the two, or a second
process, re-sends only what was never marked; and the one reminder per card left waiting."""
from __future__ import annotations

from datetime import datetime, timedelta

from core.escalation.cards import delivery_reply
from core.escalation.views import Delivery, Reminder
from core.ports.escalations import Asker, Escalation, EscalationStore
from core.texts.escalation import text

LEASE = timedelta(minutes=5)  # a copy not marked sent by then is sent again by the sweep


def delivery(card: Escalation, asker: Asker) -> Delivery:
    return Delivery(card.id, asker.user_hash, asker.platform, asker.user_id, asker.chat,
                    asker.message, delivery_reply(card, asker.language))


async def leased(store: EscalationStore, card: Escalation, now: datetime
                 ) -> tuple[Delivery, ...]:
    """The copies of a finished card this caller may send now (the others are sent or leased)."""
    out = []
    for asker in await store.askers(card.id):
        taken = await store.lease(card.id, asker.user_hash, now + LEASE, now)
        if taken is not None:
            out.append(delivery(card, taken))
    return tuple(out)


async def sweep(store: EscalationStore, platform: str, now: datetime, remind_after: timedelta
                ) -> tuple[list[Reminder], list[Delivery]]:
    """Reminders for cards waiting longer than `remind_after` (once each) and the copies left
    unsent, leased to the caller."""
    reminders = []
    for card in await store.due_reminders(platform, now - remind_after):
        if not await store.claim_reminder(card.id, now):
            continue  # another process took it
        desk = await store.desk(card.course, platform)
        if desk is None or not card.post:
            continue
        hours = max(1, round((now - (card.created_at or now)).total_seconds() / 3600))
        students = len(await store.askers(card.id))
        reminders.append(Reminder(desk, card.post, text(
            "reminder", desk.language, hours=hours, count=students, question=card.question)))
    deliveries = []
    for card, asker in await store.undelivered(platform, now):
        taken = await store.lease(card.id, asker.user_hash, now + LEASE, now)
        if taken is not None:
            deliveries.append(delivery(card, taken))
    return reminders, deliveries
