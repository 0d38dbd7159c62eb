"""Course files built in memory from real text (the Debian Administrator's Handbook, chapters 9
and 10, English and Arabic), so loader tests need no binary fixtures in the repo.
"""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any

INTRO = ("The hotplug kernel subsystem dynamically handles the addition and removal of devices, "
         "by loading the appropriate drivers and by creating the corresponding device files "
         "(with the help of udevd).")
NAMING = ("Before the appearance of hotplug connections, it was easy to assign a fixed name to a "
          "device. It was based simply on the position of the devices on their respective bus.")
UDEV = "udev was created precisely to solve this problem."
VARIABLES = [("KERNEL", "the name that the kernel assigns to the device;"),
             ("ACTION", "the action corresponding to the event;"),
             ("DEVPATH", "the path of the device's /sys/ entry;")]
OPERATORS = [("Operator", "Meaning"), ("==", "comparison"), ("!=", "comparison, negated"),
             ("+=", "adds an element to a list")]
RULES = ['KERNEL=="sd?", SUBSYSTEM=="block", ATTRS{serial}=="07032998B60AB777", '
         'SYMLINK+="usb_key/disk"',
         'KERNEL=="sd?[0-9]", SUBSYSTEM=="block", ATTRS{serial}=="07032998B60AB777", '
         'SYMLINK+="usb_key/part%n"']
AR_HEADING = "9.11.2. مشكلة التسمية"
AR_UDEV = "أنشئ udev خصيصاً لحل هذه المشكلة."
GATEWAY = ("A gateway is a system linking several networks. This term often refers to a local "
           "network's exit point on the mandatory path to all external IP addresses.")
AR_GATEWAY = "البوابة gateway هي نظام يربط عدة شبكات."
UDP = ("The main advantage of UDP is that latency is greatly improved, since losing a packet "
       "does not delay the receiving of the following packets.")
NOTES = "Ask the class which port webmin listens on: 10000 by default."
GROUPED = ("TCP is a layer over IP allowing the establishment of connections.",
           "UDP is packet-oriented.")
PROTOCOLS = [("Protocol", "Kind"), ("TCP", "connection-oriented"), ("UDP", "packet-oriented")]


def handbook_docx(title: str | None = "Hot Plugging: hotplug") -> bytes:
    """Title, Heading 1/2 sections, a bulleted list, a table, a code-styled block, Arabic."""
    import docx
    from docx.enum.style import WD_STYLE_TYPE

    doc = docx.Document()
    doc.core_properties.title = title or ""
    doc.add_paragraph("Debian Administrator's Handbook", style="Title")
    doc.add_heading("9.11.1. Introduction", level=1)
    doc.add_paragraph(INTRO)
    doc.add_heading("9.11.2. The Naming Problem", level=2)
    doc.add_paragraph(NAMING)
    doc.add_paragraph(UDEV)
    doc.add_heading("9.11.3. How udev Works", level=2)
    doc.add_paragraph("Comparison operators are used on the following variables:")
    for name, meaning in VARIABLES:
        doc.add_paragraph(f"{name}: {meaning}", style="List Bullet")
    table = doc.add_table(rows=0, cols=2)
    for left, right in OPERATORS:
        cells = table.add_row().cells
        cells[0].text, cells[1].text = left, right
    doc.styles.add_style("Code", WD_STYLE_TYPE.PARAGRAPH)
    for rule in RULES:
        doc.add_paragraph(rule, style="Code")
    doc.add_heading(AR_HEADING, level=2)
    doc.add_paragraph(AR_UDEV)
    return _save(doc)


def empty_docx() -> bytes:
    import docx

    doc = docx.Document()
    doc.add_paragraph("")
    return _save(doc)


def handbook_pptx(blank_slide: bool = False) -> bytes:
    """Title slide; a bullet slide with speaker notes; a title-only slide holding a table and a
    group of two text boxes. blank_slide adds a fourth slide with no text at all."""
    import pptx
    from pptx.util import Inches

    prs = pptx.Presentation()
    first = prs.slides.add_slide(prs.slide_layouts[0])
    first.shapes.title.text = "Network Infrastructure"
    first.placeholders[1].text = "Debian Administrator's Handbook, chapter 10"
    second = prs.slides.add_slide(prs.slide_layouts[1])
    second.shapes.title.text = "10.1. Gateway"
    body = second.placeholders[1].text_frame
    body.text = GATEWAY
    para = body.add_paragraph()
    para.text, para.level = AR_GATEWAY, 1
    second.notes_slide.notes_text_frame.text = NOTES
    third = prs.slides.add_slide(prs.slide_layouts[5])
    third.shapes.title.text = "TCP and UDP"
    shape = third.shapes.add_table(3, 2, Inches(0.5), Inches(1.5), Inches(6), Inches(1.5))
    for r, row in enumerate(PROTOCOLS):
        for c, value in enumerate(row):
            shape.table.cell(r, c).text = value
    group = third.shapes.add_group_shape()
    for i, text in enumerate(GROUPED):
        box = group.shapes.add_textbox(Inches(0.5 + 4 * i), Inches(4), Inches(3.5), Inches(1))
        box.text_frame.text = text
    third.shapes.add_textbox(Inches(0.5), Inches(5.5), Inches(8), Inches(1)).text_frame.text = UDP
    if blank_slide:
        prs.slides.add_slide(prs.slide_layouts[6])
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def untitled_pptx() -> bytes:
    """One blank-layout slide with a text box only: no title placeholder."""
    import pptx
    from pptx.util import Inches

    prs = pptx.Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    slide.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(1)).text_frame.text = UDEV
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def empty_pptx() -> bytes:
    import pptx

    prs = pptx.Presentation()
    prs.slides.add_slide(prs.slide_layouts[6])
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def with_part(data: bytes, part: str, content: bytes) -> bytes:
    """The same ZIP package with one part's bytes replaced (a file that opens but is broken)."""
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for name in src.namelist():
            dst.writestr(name, content if name == part else src.read(name))
    return out.getvalue()


def _save(doc: Any) -> bytes:  # a python-docx Document
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


LMS_PAGE = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Week 9 · Hotplug and udev</title>
<style>body {{ font-family: sans-serif; }} .hidden {{ display: none; }}</style>
<script>var tracker = "window.analytics.track('page')";</script></head>
<body>
<header class="site-header"><a href="/">CS204 Linux Administration</a>
  <nav><a href="/home">Home</a> <a href="/grades">Grades</a> <a href="/calendar">Calendar</a></nav>
</header>
<div class="breadcrumb"><a href="/">Dashboard</a> › <a href="/c/204">CS204</a> › Week 9</div>
<aside class="sidebar"><h3>Upcoming</h3><ul><li><a href="/quiz">Quiz 4</a></li>
  <li><a href="/lab">Lab 5</a></li></ul></aside>
<div id="content">
<h1>Hotplug and udev</h1>
<p>{INTRO}</p>
<h2>The naming problem</h2>
<p>{NAMING}</p><p>{UDEV}</p>
<h2>Rules</h2>
<p>Comparison operators are used on the following variables:</p>
<ul>{"".join(f"<li><code>{n}</code>: {m}</li>" for n, m in VARIABLES)}</ul>
<table><caption>Operators</caption>
<thead><tr><th>{OPERATORS[0][0]}</th><th>{OPERATORS[0][1]}</th></tr></thead>
<tbody>{"".join(f"<tr><td>{a}</td><td>{b}</td></tr>" for a, b in OPERATORS[1:])}</tbody></table>
<pre class="programlisting">{RULES[0]}

{RULES[1]}
</pre>
<div class="pager"><a href="/week8">Previous</a> <a href="/week10">Next</a></div>
</div>
<footer><p>© 2024 University LMS · <a href="/privacy">Privacy</a></p></footer>
<script>console.log("loaded")</script>
</body></html>"""

NAV_WORDS = ("Home", "Grades", "Calendar", "Dashboard", "Quiz 4", "Lab 5", "Previous", "Next",
             "Privacy", "University LMS", "tracker", "font-family", "console.log", "Upcoming")


def shared_dir() -> Path:
    """/work/shared beside the repository root (the project's real dev files)."""
    return Path(__file__).resolve().parents[2].parent / "shared"
