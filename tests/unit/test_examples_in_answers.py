"""In a manual the answer is often only in the example a sentence leads into: the sentence is
picked for what its example says, and the example comes with it even when the chunker put it in
the next passage."""
from __future__ import annotations

from core.rag.blocks import read_paragraph
from core.rag.extractive import compose, relevant_strips
from core.rag.state import Chunk
from core.rag.strips import Strip
from tests.support.chunks import course_chunks

DESKTOP = ("Since the administrators want the documents in the menus of graphical desktops, we add "
           "a falcot-data.desktop file for Falcot.\n\n"
           "[Desktop Entry]\nName=Internal Falcot Corp Documentation\nTerminal=false")
DINSTALL = ("Configuring mini-dinstall requires setting up a ~/.mini-dinstall.conf file; in the "
            "Falcot Corp case, the contents are as follows:\n\n"
            "[DEFAULT]\narchive_style = flat\narchivedir = /srv/vhosts/packages\nverify_sigs = 0")
INTRO = ("There is a convenient Apache plugin for certbot that automatically edits the Apache "
         "configuration to serve the obtained certificate, so they make use of it:")
BEFORE = ("The Falcot administrators just want to create a certificate for their website, which "
          "runs on Apache. " + INTRO)
AFTER = INTRO + "\n\n# apt install python3-certbot-apache\n# certbot --apache"


def chunks(*texts: str) -> list[Chunk]:
    return course_chunks(*texts, path="a.html", step=0.1)


async def test_the_sentence_leading_into_the_example_that_names_the_setting_is_picked():
    strips = await relevant_strips("which archive_style does Falcot use",
                                   chunks(DESKTOP, DINSTALL), None, 1)
    reply = compose(strips)
    assert "archive_style = flat" in reply and "the contents are as follows:" in reply


async def test_an_example_the_chunker_put_in_the_next_passage_follows_its_sentence():
    strips = await relevant_strips("Which package gives me the Apache plugin for certbot?",
                                   chunks(BEFORE, AFTER), None, 2)
    reply = compose(strips)
    assert reply.index("so they make use of it:") < reply.index("python3-certbot-apache")
    assert reply.count("so they make use of it:") == 1  # the repeated sentence is shown once


async def test_the_sentence_after_the_second_best_one_comes_too_when_related():
    text = ("Each mime-type node may contain glob elements. glob elements have a pattern attribute. "
            "Any file whose name matches this pattern gets this MIME type. There is also an "
            "optional weight attribute used when glob matches conflict. The default weight value "
            "is 50, and the maximum is 100.")
    strips = await relevant_strips("If a glob element has no weight attribute, what weight does "
                                   "it get?", chunks(text), None, 2)
    assert "The default weight value is 50" in compose(strips)


async def test_a_help_text_is_shown_without_its_home_page_line():
    text = ("asn1Parser reads a single file with ASN.1 definitions and generates a C array.\n\n"
            "Usage: asn1Parser [OPTION] FILE\n  -c, --check checks the syntax only\n"
            "  -o, --output=FILE output file\n"
            "GNU Libtasn1 home page: <https://www.gnu.org/software/libtasn1/>")
    reply = compose(await relevant_strips("asn1Parser: how do I only check the syntax?",
                                          chunks(text), None, 1))
    assert "-c, --check checks the syntax only" in reply  # the block was dropped for its link
    assert "gnu.org" not in reply and "https://" not in reply and reply.endswith("[…]")


async def test_a_description_in_an_api_reference_comes_under_its_entry_signature():
    text = ("int asn1_der_coding (asn1 node const element, const char * name, [Function] "
            "void * ider, int * len) element: pointer to an ASN1 element\n\n"
            "name: the name of the structure you want to encode.\n\n"
            "Creates the DER encoding for the NAME structure (inside *POINTER structure).\n\n"
            "long asn1_get_length_der (const unsigned char * der, int [Function] der_len)\n\n"
            "Extract a length field.")
    reply = compose(await relevant_strips("Which function produces the DER encoding of a "
                                          "structure?", chunks(text), None, 1))
    signature = ("int asn1_der_coding (asn1 node const element, const char * name, void * ider, "
                 "int * len)")
    assert reply.index(signature) < reply.index("Creates the DER encoding")
    assert "[Function]" not in reply and "asn1_get_length_der" not in reply


async def test_a_session_cut_by_the_chunker_is_its_commands_not_its_output():
    output = "\n".join(f"Using configuration line {n} of the signing request" for n in range(20))
    text = ("The administrators then create the Diffie-Hellman parameters for the server:\n\n"
            f"Confirm request details: yes\n{output}\n$ ./easyrsa gen-dh\n"
            "Generating DH parameters, 2048 bit long safe prime\nDH parameters created")
    reply = compose(await relevant_strips("How are the Diffie-Hellman parameters created?",
                                          chunks(text), None, 2))
    assert "$ ./easyrsa gen-dh" in reply and "Using configuration line" not in reply


async def test_a_two_word_introduction_still_ties_the_example_to_its_sentence():
    text = ("The globs2 file is a simple list of lines containing weight, MIME type and pattern, "
            "separated by a colon. The lines are ordered by glob weight. For example:\n\n"
            "# This file was automatically generated.\n55:text/x-diff:*.patch\n"
            "50:text/x-diff:*.diff\n\nThe glob file is deprecated in favour of the globs2 file.")
    reply = compose(await relevant_strips("In the globs2 sample, what weight is attached to the "
                                          "*.patch pattern?", chunks(text), None, 2))
    assert reply.index("For example:") < reply.index("55:text/x-diff:*.patch")


async def test_the_command_after_a_picked_sentence_comes_when_it_has_the_name_asked_about():
    text = ("The easy-rsa command sets up every certificate of a directory tree.\n\n"
            "The Falcot Corp administrators use this tool to create the required certificates. "
            "This CA is the first certificate to create; to this end, the administrators set "
            "up a directory with the files required for the CA.\n\n"
            "$ make-cadir pki-falcot\n$ cd pki-falcot\n\n"
            "They then store the required parameters into the vars file.\n\n"
            "$ grep EASYRSA vars\nset_var EASYRSA_REQ_COUNTRY")
    question = "What command sets up the pki-falcot directory for easy-rsa?"
    reply = compose(await relevant_strips(question, chunks(text), None, 2))
    assert reply.index("set up a directory") < reply.index("$ make-cadir pki-falcot")
    assert "grep EASYRSA" not in reply  # a block without the name stays out


async def test_the_next_sections_title_at_a_passages_end_is_not_taken_for_an_example():
    text = ("The disks are utilized entirely by the RAID device. RAID-0 use is shrinking, its "
            "niche being filled by LVM.\n\nRAID-1")
    reply = compose(await relevant_strips("Is RAID-0 use shrinking?", chunks(text), None, 1))
    assert "RAID-0 use is shrinking" in reply and "RAID-1" not in reply


def test_two_examples_in_a_row_are_one_blank_line_apart():
    strips = [Strip("Usage is shown by the help text:", 0, 0, 1.0),
              Strip("Usage: asn1Parser [OPTION] FILE", 0, 1, 1.0, block=True),
              Strip("int asn1_parser2tree (const char * file)", 0, 2, 1.0, block=True),
              Strip("Returns: ASN1_SUCCESS if the file has a correct syntax.", 0, 3, 1.0)]
    assert compose(strips) == ("Usage is shown by the help text:\n\nUsage: asn1Parser [OPTION] "
                               "FILE\n\nint asn1_parser2tree (const char * file)\n\nReturns: "
                               "ASN1_SUCCESS if the file has a correct syntax.")


DSC = ("A .dsc file\n\n-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\nFormat: 3.0 (quilt)\n"
       "Source: zim\nBinary: zim\nArchitecture: all\nVersion: 0.73.5-1\n"
       "Maintainer: Zim Package Maintainers <zim@packages.debian.org>\n"
       "Homepage: https://zim-wiki.org\nStandards-Version: 4.5.1\n"
       "Vcs-Git: https://salsa.debian.org/debian/zim.git\n"
       "Build-Depends: debhelper-compat (= 13), python3, python3-gi, dh-python\n"
       "Package-List:\n zim deb x11 optional arch=all\nChecksums-Sha1:\n"
       + "".join(f" {n:040x} 2159901 zim_0.73.5.orig.tar.gz\n" for n in range(6)))
SOURCES = ("A source package is usually comprised of three files, a .dsc, a .orig.tar.gz, and a "
           ".debian.tar.xz. They allow creation of binary packages from the source code.")


async def test_a_field_of_a_listing_too_long_to_show_whole_is_shown_with_its_lines():
    from core.rag.blocks import listing_windows

    listing = DSC.split("\n\n", 1)[1]
    windows = listing_windows(listing)
    assert len(listing) > 600 and len(windows) > 1 and all(len(w) <= 300 for w in windows)
    assert "\n".join(windows) == listing.strip("\n")  # whole lines, none lost
    strips = await relevant_strips("Which debhelper compat level does the zim package "
                                   "build-depend on?", chunks(SOURCES, DSC), None, 2)
    reply = compose(strips)
    assert "Build-Depends: debhelper-compat (= 13)" in reply
    assert ("Build-Depends: debhelper-compat (= 13), python3, python3-gi, dh-python"
            in reply.splitlines())  # shown as the line it is, not run into the next ones
    assert "zim-wiki.org" not in reply  # its link lines are left out as any example's are


def test_a_listing_line_too_long_for_a_window_is_cut_at_a_word_and_marked():
    from core.rag.blocks import listing_windows

    long_line = "Description: " + " ".join(f"word{n}" for n in range(80))  # ~500 characters
    listing = "\n".join([f"Field{n}: value {n}" for n in range(30)] + [long_line, "Last: 1"])
    windows = listing_windows(listing)
    line = next(x for w in windows for x in w.splitlines() if x.startswith("Description:"))
    assert line.endswith(" […]") and len(line) <= 300
    assert long_line.startswith(line.removesuffix(" […]") + " ")  # cut between two words
    assert all(len(w) <= 300 for w in windows) and windows[-1].endswith("Last: 1")


def test_prose_and_lists_are_never_read_as_listings():
    from core.rag.blocks import listing_windows

    prose = "\n".join(["This line of a wrapped paragraph ends a sentence."] * 20)
    items = "\n".join(f"- item {n} of a long list without sentence ends" for n in range(20))
    session = "$ ls -l\n" + "\n".join(f"-rw-r--r-- 1 root root 0 file{n}" for n in range(40))
    assert listing_windows(prose) == listing_windows(items) == listing_windows(session) == []
    # a sentence may end inside a bracket or a quote, and still end there
    bracketed = "\n".join(["Each line here ends its sentence (as the manual says.)"] * 20)
    assert listing_windows(bracketed) == []


STATIC = ("A “static” configuration must indicate network settings in a fixed manner. This includes "
          "at least the IP address and subnet mask.\n\nExample 8.2. Static configuration\n\n"
          "auto enp0s31f6\niface enp0s31f6 inet static\n  address 192.168.0.3/24\n"
          "  gateway 192.168.0.1\n\nIn the example of configuring a static IPv4 address given "
          "here, the subnet mask 255.255.255.0 says the first 24 bits are the network's.")


async def test_an_example_is_found_by_the_words_of_its_title_and_shown_under_it():
    strips = await relevant_strips("In the static configuration example, which address is "
                                   "assigned to the interface?", chunks(STATIC), None, 3)
    reply = compose(strips)
    assert "address 192.168.0.3/24" in reply
    assert reply.index("Example 8.2. Static configuration") < reply.index("auto enp0s31f6")


PDIFFS = ("To speed up the process, APT can download diff files containing the changes since the "
          "previous update. However, it can sometimes be of interest to force the download of the "
          "entire Packages file, when the last upgrade is very old. This can also be interesting "
          "when network access is very fast but the processor is rather slow. To do that, you can "
          "use the APT configuration parameter Acquire::PDiffs and set it to false.\n\n"
          '$ sudo apt -o "Acquire::PDiffs=false" update\n\n'
          "The Acquire::* options also control other aspects of the download.")


async def test_a_how_do_i_answer_carries_the_sentence_saying_how_and_its_command():
    # "To do that" refers back through "This can also be..." to the sentence that matches; the
    # command under it shows the setting that sentence names
    strips = await relevant_strips("how do I stop apt from downloading the whole Packages file "
                                   "instead of the diff files", chunks(PDIFFS), None, 2)
    reply = compose(strips)
    assert "To do that, you can use the APT configuration parameter" in reply
    assert '$ sudo apt -o "Acquire::PDiffs=false" update' in reply


async def test_a_block_is_not_carried_for_an_acronym_alone():
    # "DNS" is in the sentence and in the block under it, but an acronym is no code-like name
    text = ("Clients ask for addresses. The DNS server answers queries for the zone.\n\n"
            "// the DNS zone\nzone example.com { type master; };")
    strips = await relevant_strips("Who answers the queries?", chunks(text), None, 1)
    reply = compose(strips)
    assert "The DNS server answers queries" in reply and "zone example.com" not in reply


async def test_an_example_a_pdf_split_around_its_elision_lines_is_shown_whole():
    text = ("To leave the year out for reports only, you could do:\n\n<sortingtemplate>\n\n⋮\n\n"
            '<sortexclusion type="report">year</sortexclusion>\n\n⋮\n\n</sortingtemplate>')
    strips = await relevant_strips("how do I leave the year out for reports",
                                   chunks(text), None, 1)
    assert ('<sortingtemplate>\n⋮\n<sortexclusion type="report">year</sortexclusion>\n⋮\n'
            "</sortingtemplate>") in compose(strips)


async def test_the_sentences_under_an_example_naming_its_settings_come_with_it():
    text = ("To prefer stable packages, write the following entries in the preferences file:\n\n"
            "Package: *\nPin: release a=stable\nPin-Priority: 900\n\n"
            "a=stable defines the name of the selected distribution. o=Debian is not in the "
            "example above. Pinning is described at length in the manual.")
    strips = await relevant_strips("how do I prefer stable packages in the preferences file",
                                   chunks(text), None, 1)
    answer = compose(strips)
    assert "Pin: release a=stable" in answer
    assert "a=stable defines the name of the selected distribution." in answer
    assert "o=Debian" not in answer  # a name the example does not show


def test_a_c_preprocessor_line_is_code_not_a_sentence():
    for line in ('#define MYSQL_DLNAME "libmysql.dll"', "#include <libtasn1.h>", "# ifdef WIN32"):
        assert read_paragraph(line) == (True, [line])
    assert read_paragraph("#1 on the list is the kernel.")[0] is False


def test_a_line_ending_a_sentence_inside_a_bracket_is_prose():
    # Ninja's placeholder list: a bracket and few long words read as one line of code, never
    # picked ("What does %e mean in NINJA_STATUS?" got the list's introduction only)
    line = "%e — Elapsed time in seconds. (Available since Ninja 1.2.)"
    assert read_paragraph(line) == (False, ["%e — Elapsed time in seconds.",
                                            "(Available since Ninja 1.2.)"])
    assert read_paragraph("myfun <- removeSource(myfun)")[0] is True


async def test_an_option_s_description_comes_with_its_line_when_the_line_matches_best():
    # Valgrind's option list: "what does --track-fds do" matched the option's line only, and
    # the reply was "--track-fds=<yes|no|all> [default: no]" alone
    text = ("Valgrind reports the fds a program leaves open.\n\n"
            "--time-stamp=<yes|no> [default: no]\n\nWhen enabled, each message is preceded with "
            "an indication of the elapsed wallclock time since startup.\n\n"
            "--track-fds=<yes|no|all> [default: no]\n\nWhen enabled, Valgrind will print out a "
            "list of open file descriptors on exit or on request. Along with each file "
            "descriptor is printed a stack backtrace of where the file was opened.")
    answer = compose(await relevant_strips("what does --track-fds do", chunks(text), None, 1))
    assert ("--track-fds=<yes|no|all> [default: no]\n\nWhen enabled, Valgrind will print out a "
            "list of open file descriptors") in answer
    assert "wallclock" not in answer
    # a command shown under a sentence is no entry: the paragraph after it stays out
    text = ("Valgrind reports the fds a program leaves open. Run the tool on your program:\n\n"
            "valgrind --track-fds=yes ./prog\n\n"
            "Cachegrind simulates the first-level and last-level caches.")
    answer = compose(await relevant_strips("what does --track-fds do", chunks(text), None, 1))
    assert "Cachegrind" not in answer



async def test_a_title_is_never_shown_without_what_it_titles():
    text = ("statement is a statement, which should be executed under control of the for "
            "statement;\n\nOnly the following statements can be used within the for statement: "
            "check, display, printf, and another for.\n\nExamples\n\n"
            "for {(i,j) in E: i != j}\n{ printf \"flow from %s to %s\", i, j;\n   check x[i,j] >= 0;"
            "\n}\n\nThe for statement causes a statement or a sequence of statements to be executed "
            "for every n-tuple in the domain set.")
    reply = compose(await relevant_strips("Which statements can be used within the for statement?",
                                          course_chunks(text, title="For statement"), None, 1))
    assert reply.startswith("Only the following statements")
    assert "Examples" not in reply or "i != j" in reply  # the title only over its examples
