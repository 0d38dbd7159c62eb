"""A Vim help file reads as the help viewer shows it: sections by number and name, examples
whole, no markup in quoted sentences (core/ingest/vim_help.py through read_text)."""
from __future__ import annotations

from core.ingest.plaintext import read_text
from core.rag.blocks import read_paragraph

HELP = b"""*usr_99.txt*\tFor Vim version 9.0.  Last change: 2024 Jan 01

\t\t     VIM USER MANUAL

Intro text before the first section.  See |usr_98.txt| for more.

==============================================================================
*99.1*\tKeeping backups\t\t\t\t*backup-intro*

To keep a backup of each file you write, put this in your vimrc
file: >

\tset backup

The backup file is named after the original with "~" added.  See |'backup'|.
>
\t" Only when the feature is there.
\tif has('persistent_undo')
\t  set undofile
\tendif
This stores undo information in a file.  The path is:

\t~/.vim/undo ~

\t\t\t\t\t\t\t*map-example*  >
\t:map <F5> i{<Esc>ea}<Esc>
<\tThis puts braces around the word under the cursor.

==============================================================================
*99.2*\tPlugins

USING A PLUGIN\t\t\t\t\t*using-plugin*

Copy it to your plugin directory.

 vim:tw=78:ts=8:noet:ft=help:norl:
"""


def test_sections_are_named_by_number_and_title_and_the_markup_is_gone():
    spans = read_text(HELP, markdown=False).spans
    assert [s.section for s in spans] == ["", "99.1 Keeping backups", "99.2 Plugins"]
    text = "\n".join(s.text for s in spans)
    for mark in ("|", "*backup-intro*", ": >", " ~", "ft=help", "*map-example*"):
        assert mark not in text, mark
    assert "See 'backup'." in text and "See usr_98.txt for more." in text
    assert "\t~/.vim/undo" in text


def test_each_example_is_a_block_of_its_own_with_its_line_breaks():
    backups = read_text(HELP, markdown=False).spans[1].text.split("\n\n")
    assert ("To keep a backup of each file you write, put this in your vimrc file:"
            in backups)
    example = next(p for p in backups if "persistent_undo" in p)
    assert example == ("\t\" Only when the feature is there.\n\tif has('persistent_undo')\n"
                       "\t  set undofile\n\tendif")
    assert read_paragraph(example)[0]  # read as an example, not as a sentence
    assert "\tset backup" in backups and read_paragraph("    set backup") == (True, ["set backup"])
    assert "This stores undo information in a file.  The path is:" in backups
    mapping = next(p for p in backups if ":map" in p)
    assert mapping == "\t:map <F5> i{<Esc>ea}<Esc>"  # the code's "<" and "|" untouched
    assert any(p.strip() == "This puts braces around the word under the cursor."
               for p in backups)


def test_a_plain_text_file_is_not_read_as_vim_help():
    note = b"Notes\n=====\n\nSee |this| and *that* for more: >\n\n\tcode\n"
    text = read_text(note, markdown=False).spans[0].text
    assert "|this|" in text and "*that*" in text


def test_the_header_names_the_file_and_is_not_read_as_its_text():
    titled = HELP.replace(b"USER MANUAL\n", b"USER MANUAL - by B. M.\n\n\t\tKeeping your work\n")
    manual = read_text(titled, markdown=False)
    assert manual.title == "Keeping your work"
    assert manual.spans[0].text.startswith(  # the version stays, as a line of text
        "For Vim version 9.0.  Last change: 2024 Jan 01\n\nIntro text before the first section.")
    assert "MANUAL" not in manual.spans[0].text and "Keeping your work" not in manual.spans[0].text
    assert read_text(HELP, markdown=False).title is None  # only a banner: the file name names it
    plugin = read_text(b"*wrap.txt*  A Git wrapper for |Vim|\n\nAuthor: Ann\n", markdown=False)
    assert plugin.title == "A Git wrapper for Vim" and plugin.spans[0].text == "Author: Ann"
    logo = read_text(b"*tree.txt*  A tree explorer\n\n    # #### ####  ~\n\nUse it.\n",
                     markdown=False)
    assert logo.title == "A tree explorer" and logo.spans[0].text == "Use it."
