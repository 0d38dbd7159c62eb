"""Text and Markdown notes: encodings students' editors really use decode to the right
characters, binary junk is refused in one line, and Markdown headings (never inside a fenced
block) become sections."""
from __future__ import annotations

import codecs
import os

import pytest

from core.ingest.document import LoadError
from core.ingest.plaintext import read_text

ARABIC = ("البوابة هي نظام يربط عدة شبكات. يشير هذا المصطلح غالبًا إلى نقطة خروج الشبكة "
          "المحلية، وتعمل كموجه لنقل رزم IP بين واجهاتها المختلفة.")
FRENCH = ("Le sous-système hotplug du noyau gère dynamiquement l'ajout et le retrait de "
          "périphériques, en chargeant les pilotes appropriés. Voilà à quoi sert udev.")
NOTES = """> Course: CS204 · Type: lecture

# Hot Plugging: hotplug

The kernel has a database that associates each device ID with the required driver.
This database is used during boot to load all the drivers.

## Rules

```sh
# udevadm info -a -n /dev/sdc

KERNEL=="sd?", SUBSYSTEM=="block", SYMLINK+="usb_key/disk"
```

- KERNEL: the name that the kernel assigns to the device;
- ACTION: the action corresponding to the event;

## C# and #hashtags ##

udev was created precisely to solve this problem.
#not-a-heading stays text
"""


@pytest.mark.parametrize(("text", "encoding"), [
    (ARABIC, "cp1256"), (FRENCH, "latin-1"), (ARABIC, "utf-16"), (FRENCH, "utf-16"),
    (ARABIC + " " + FRENCH, "utf-16-be"), (ARABIC, "utf-8-sig"), (ARABIC, "utf-8"),
])
def test_encodings_decode_to_the_right_characters(text: str, encoding: str) -> None:
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + data
    ex = read_text(data, markdown=False)
    assert [(s.text, s.section, s.page) for s in ex.spans] == [(text, "", None)]
    assert ex.title is None


def test_utf16_without_bom_from_notepad() -> None:
    assert read_text(FRENCH.encode("utf-16-le"), markdown=False).spans[0].text == FRENCH


@pytest.mark.parametrize(("data", "message"), [
    (os.urandom(4096), "not a text file (binary content)"),
    (b"\x00\x01\x02\x03\xfe\xfd" * 300, "not a text file (binary content)"),
    (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "not a text file (it looks like a PDF)"),
    (b"\n \n\t\n", "the file has no text"),
])
def test_binary_or_empty_is_one_line(data: bytes, message: str) -> None:
    with pytest.raises(LoadError) as err:
        read_text(data, markdown=True)
    assert str(err.value) == message


def test_markdown_headings_become_sections_outside_fences() -> None:
    ex = read_text(NOTES.encode(), markdown=True)
    assert ex.title == "Hot Plugging: hotplug"
    assert [s.section for s in ex.spans] == ["", "Hot Plugging: hotplug", "Rules",
                                             "C# and #hashtags"]
    assert ex.spans[0].text == "> Course: CS204 · Type: lecture"  # left for the dispatcher
    assert ex.spans[1].text == ("The kernel has a database that associates each device ID with "
                                "the required driver. This database is used during boot to load "
                                "all the drivers.")
    code, bullets = ex.spans[2].text.split("\n\n")
    assert code == ('# udevadm info -a -n /dev/sdc\n'
                    'KERNEL=="sd?", SUBSYSTEM=="block", SYMLINK+="usb_key/disk"')
    assert bullets.splitlines() == ["- KERNEL: the name that the kernel assigns to the device;",
                                    "- ACTION: the action corresponding to the event;"]
    assert ex.spans[3].text == ("udev was created precisely to solve this problem. "
                                "#not-a-heading stays text")  # a soft-wrapped line, not a heading
    assert all(not line.startswith("## ") for s in ex.spans for line in s.text.splitlines())


def test_unclosed_fence_swallows_the_rest() -> None:
    ex = read_text(b"# Notes\n\nIntro.\n\n~~~\n# inside\n\n## still inside\n", markdown=True)
    assert [s.section for s in ex.spans] == ["Notes"]
    assert ex.spans[0].text == "Intro.\n\n# inside\n## still inside"


def test_plain_text_keeps_hash_lines_and_has_no_sections() -> None:
    ex = read_text(NOTES.encode("cp1252", errors="replace"), markdown=False)
    assert len(ex.spans) == 1 and ex.spans[0].section == "" and ex.title is None
    assert "# Hot Plugging: hotplug" in ex.spans[0].text
    assert "```sh" in ex.spans[0].text


def test_crlf_and_trailing_spaces_are_normalised() -> None:
    ex = read_text(b"line one  \r\nline two\r\n\r\n\r\n\r\nnext para\r\n", markdown=False)
    assert ex.spans[0].text == "line one\nline two\n\nnext para"


def test_front_matter_is_dropped_and_gives_the_title() -> None:
    ex = read_text(b"---\ntitle: 'Week 9: udev'\ntags: [linux]\n---\n\nudev names devices.\n",
                   markdown=True)
    assert ex.title == "Week 9: udev"
    assert [(s.section, s.text) for s in ex.spans] == [("", "udev names devices.")]
