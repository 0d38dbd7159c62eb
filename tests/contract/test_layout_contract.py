"""Both chat platforms are laid out the same way: the same module for the same job, exposing the
same names for the ideas they share, so a reader who knows one adapter can find their way in
the other. `{P}` stands for the platform's name ("Discord", "Telegram"). What the bots say is
not here: every text is in core/texts/ (platforms.py for the bots' own lines).

Only the modules are imported (no client, no network); the SDKs are real.
"""
from __future__ import annotations

import importlib

import pytest

PLATFORMS = ("discord", "telegram")

# module -> the public names every platform's module has for that job
SHARED: dict[str, tuple[str, ...]] = {
    "convert": ("PLATFORM", "should_answer", "to_incoming", "is_direct", "mentions_bot",
                "spaces_of"),  # platform event -> IncomingMessage, pure
    "render": ("MAX_CHARS", "EMPTY_REPLY", "render_reply", "render_blocks", "render_citation"),
    "replier": ("TYPING_REFRESH_S",),  # the core's Replier port, and how sends are made
    "commands": ("add_commands",),  # /ask, /forget, help: what every user has
    "desk": ("add_desk_commands",),  # staff commands: course, sharing, mode, gaps, upload
    "buttons": ("answer_buttons", "reason_buttons", "confirm_buttons"),
    "staff": (),  # who is staff, and group / server membership
    "quiz": ("add_quiz_commands",),  # /quiz, /review: items as polls or embeds + buttons
    "errors": ("start_failure", "add_error_hook"),  # the one error hook; start failures
    "photos": ("download", "with_photo"),  # photos of a question, fetched within the limits
    "tadesk": (),  # Ask a TA: /ta here | off, the student's escalation, staff replies to cards
    "ta_posts": (),  # Ask a TA: cards posted on the desk, lines under them, deliveries
    "adapter": ("{P}Adapter",),  # lifecycle: start / stop in the shared loop
}


@pytest.mark.parametrize("job", sorted(SHARED))
def test_every_platform_has_the_job_under_the_same_names(job: str) -> None:
    for platform in PLATFORMS:
        module = importlib.import_module(f"adapters.{platform}.{job}")
        wanted = [name.replace("{P}", platform.capitalize()) for name in SHARED[job]]
        missing = [name for name in wanted if not hasattr(module, name)]
        assert not missing, f"adapters.{platform}.{job} lacks {missing}"


def test_shared_functions_are_callables_on_both_sides() -> None:
    for job, names in SHARED.items():
        for name in names:
            found = [getattr(importlib.import_module(f"adapters.{p}.{job}"),
                             name.replace("{P}", p.capitalize())) for p in PLATFORMS]
            assert len({callable(f) for f in found}) == 1, f"{job}.{name} differs in kind"


def test_no_platform_has_a_module_the_other_lacks() -> None:
    from pathlib import Path

    import adapters

    root = Path(adapters.__file__).parent
    modules = {p: {f.stem for f in (root / p).glob("*.py")} - {"__init__"} for p in PLATFORMS}
    extra = {"telegram": {"webhook", "journal_sweep",  # Telegram-only delivery and replay
                          "desk_buttons"},  # Confirm / Cancel presses, out of buttons.py
             "discord": {"ta_cards"}}  # the Ask a TA button, its modal, the card buttons
    for platform, found in modules.items():
        assert found - extra.get(platform, set()) == set(SHARED), platform
