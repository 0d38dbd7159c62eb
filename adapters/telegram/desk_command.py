"""What every course-desk command handler on Telegram (/course, /mode, /gaps) is built from: the
core's desk, who is staff, how a reply is sent, the sender's language, and the message when a
person (not another bot) sent it."""
from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import Message, Update
from telegram.ext import ContextTypes

from adapters.telegram.staff import StaffCheck
from core.desk import CourseDesk
from core.messages import Reply

Send = Callable[[Update, ContextTypes.DEFAULT_TYPE, Reply], Awaitable[None]]
Language = Callable[[Message], str]
Sender = Callable[[Update], Message | None]


class DeskCommand:
    """The shared parts of one desk command's PTB handler."""

    def __init__(self, desk: CourseDesk, staff: StaffCheck, send: Send, language: Language,
                 sender: Sender) -> None:
        self.desk, self.staff, self.send = desk, staff, send
        self.language, self.sender = language, sender
