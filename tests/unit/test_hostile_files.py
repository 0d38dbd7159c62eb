"""Hostile files cost one clear line, never the bot: Office zip bombs refused from their zip
directory, PDFs over the page cap, documents over the passage cap, and whatever gets past those
read in a child process that is killed on its deadline or refused memory past its cap.

The bombs are built here (tests/support/hostile_files.py): a 1 GB document.xml is a 2.5 MB zip.
"""
from __future__ import annotations

import multiprocessing
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from core.ingest.chunking import chunk_spans
from core.ingest.document import LoadError, Span
from core.ingest.docx import read_docx
from core.ingest.limits import MB, IngestLimits
from core.ingest.paragraphs import _split_long
from core.ingest.pdf import read_pdf
from core.ingest.pptx import read_pptx
from core.ingest.sandbox import prepare, prepare_isolated
from tests.support import hostile_files as hf
from tests.support import office_fixtures as fx

SAMPLE = Path(__file__).resolve().parents[2] / "bot" / "sample_course" / "02-sorting.md"
LOOSE_ZIP = IngestLimits(max_uncompressed_bytes=4096 * MB, max_zip_ratio=1e9)


@pytest.fixture(scope="module")
def gigabyte_docx() -> bytes:
    """A real .docx whose document.xml is ~1 GB of paragraphs of zeros, zipped to ~2.5 MB."""
    return hf.bomb(fx.handbook_docx(), "word/document.xml", 1024 * MB)


def memory() -> tuple[int, int]:
    """(VmRSS now, peak RSS so far) of this process, in bytes."""
    status = Path("/proc/self/status").read_text()
    rss = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
    return rss * 1024, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def refusal(exc: pytest.ExceptionInfo[LoadError]) -> str:
    message = str(exc.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def test_a_gigabyte_docx_bomb_is_refused_from_its_zip_directory(gigabyte_docx) -> None:
    assert len(gigabyte_docx) < 4 * MB
    before = memory()
    with pytest.raises(LoadError) as exc:
        read_docx(gigabyte_docx)
    assert re.fullmatch(r"the file unpacks to 1,02\d\.\d MB \(the limit is 200 MB; the operator "
                        r"can change INGEST_MAX_UNCOMPRESSED_MB\)", refusal(exc))
    assert memory()[1] - before[1] < 64 * MB  # nothing was inflated


def test_the_bomb_read_through_the_sandbox_leaves_the_bot_small(gigabyte_docx) -> None:
    before = memory()
    with pytest.raises(LoadError, match="INGEST_MAX_UNCOMPRESSED_MB"):
        prepare_isolated(gigabyte_docx, "bomb.docx", "CS101")
    rss, peak = memory()
    assert rss - before[0] < 64 * MB and peak - before[1] < 64 * MB


def test_a_process_that_reads_bombs_stays_under_500_mb(gigabyte_docx, tmp_path) -> None:
    """Measured in a process of its own (this test session's size depends on what ran before
    it): the 1 GB bomb through the zip checks, then a 256 MB one parsed past them in the child.
    Its peak is VmHWM: ru_maxrss would carry over the forking test session's peak on Linux."""
    (tmp_path / "checked.docx").write_bytes(gigabyte_docx)
    (tmp_path / "parsed.docx").write_bytes(hf.bomb(fx.handbook_docx(), "word/document.xml",
                                                   256 * MB))
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from core.ingest.document import LoadError\n"
        "from core.ingest.limits import MB, IngestLimits\n"
        "from core.ingest.sandbox import prepare_isolated\n"
        "loose = IngestLimits(max_uncompressed_bytes=4096 * MB, max_zip_ratio=1e9,\n"
        "                     memory_bytes=96 * MB, timeout_s=30)\n"
        "for name, limits in (('checked.docx', IngestLimits()), ('parsed.docx', loose)):\n"
        "    try:\n"
        "        prepare_isolated((Path(sys.argv[1]) / name).read_bytes(), name, 'C', limits)\n"
        "    except LoadError as err:\n"
        "        print(err)\n"
        "status = Path('/proc/self/status').read_text().splitlines()\n"
        "print(next(int(x.split()[1]) * 1024 for x in status if x.startswith('VmHWM:')))\n")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True,
                          text=True, timeout=120, cwd=Path(__file__).resolve().parents[2],
                          check=True)
    *refusals, peak = done.stdout.splitlines()
    assert "INGEST_MAX_UNCOMPRESSED_MB" in refusals[0] and "INGEST_MEMORY_MB" in refusals[1]
    assert int(peak) < 500 * MB


def test_a_bomb_past_the_zip_checks_runs_out_of_memory_in_the_child_only() -> None:
    """With the size checks switched off the bomb is parsed, and only the child pays."""
    data = hf.bomb(fx.handbook_docx(), "word/document.xml", 256 * MB)
    limits = IngestLimits(max_uncompressed_bytes=4096 * MB, max_zip_ratio=1e9,
                          memory_bytes=96 * MB, timeout_s=30)
    before = memory()
    with pytest.raises(LoadError) as exc:
        prepare_isolated(data, "bomb.docx", "CS101", limits)
    assert refusal(exc) == ("the file needs more memory than allowed (the limit is 96 MB; the "
                            "operator can change INGEST_MEMORY_MB)")
    rss, peak = memory()
    assert rss - before[0] < 64 * MB and peak - before[1] < 64 * MB
    assert multiprocessing.active_children() == []


def test_a_pptx_part_packed_like_a_bomb_is_refused() -> None:
    data = hf.bomb(fx.handbook_pptx(), "ppt/slides/slide1.xml", 8 * MB)
    with pytest.raises(LoadError) as exc:
        read_pptx(data)
    assert refusal(exc).startswith("its part ppt/slides/slide1.xml is packed ")
    assert refusal(exc).endswith(":1, like a zip bomb (the limit is 100:1; the operator can "
                                 "change INGEST_MAX_ZIP_RATIO)")
    assert read_pptx(data, LOOSE_ZIP).pages == 3  # the same file is fine once allowed


def test_too_many_parts_and_too_much_in_total_name_their_settings() -> None:
    many = hf.bomb(fx.handbook_docx(), "word/styles.xml", 1, extra_parts=40)
    with pytest.raises(LoadError) as exc:
        read_docx(many, IngestLimits(max_zip_entries=30))
    assert refusal(exc).startswith("the file holds 5")
    assert "INGEST_MAX_ZIP_ENTRIES" in refusal(exc)
    small = hf.bomb(fx.handbook_pptx(), "ppt/slides/slide2.xml", 4 * MB)
    with pytest.raises(LoadError, match=r"unpacks to 3\.\d\d MB \(the limit is 2 MB;.*_MB\)$"):
        read_pptx(small, IngestLimits(max_uncompressed_bytes=2 * MB, max_zip_ratio=1e9))


def test_a_directory_that_understates_a_part_is_not_believed() -> None:
    liar = hf.bomb(fx.handbook_docx(), "word/document.xml", 64 * MB, stated_size=4096)
    with pytest.raises(LoadError) as exc:
        read_docx(liar, LOOSE_ZIP)
    assert refusal(exc) == "not a valid Word .docx file (damaged or truncated)"


def test_a_pdf_over_the_page_cap_is_refused_before_its_pages_are_read() -> None:
    with pytest.raises(LoadError) as exc:
        read_pdf(hf.blank_pdf(6), IngestLimits(max_pdf_pages=5))
    assert refusal(exc) == ("the PDF has 6 pages (the limit is 5; the operator can change "
                            "INGEST_MAX_PDF_PAGES)")
    with pytest.raises(LoadError, match="blank or damaged"):  # at the cap: read as usual
        read_pdf(hf.blank_pdf(5), IngestLimits(max_pdf_pages=5))


def test_a_document_over_the_passage_cap_is_refused() -> None:
    line = " ".join(f"word{i}" for i in range(100_000))  # one line, ~700 KB, no repeats
    with pytest.raises(LoadError) as exc:
        prepare(line.encode(), "one-line.txt", "CS101", IngestLimits(max_chunks=100))
    assert refusal(exc) == ("the file makes more than 100 passages (the limit is 100; the "
                            "operator can change INGEST_MAX_CHUNKS)")
    assert len(prepare(line.encode(), "one-line.txt", "CS101")[1][1]) > 100  # default: fine


@pytest.mark.parametrize("piece", [
    "word " * 2000, "  lead and trail  " * 300 + "   ", "x" * 5000, " " * 3000,
    "a" * 1199 + " " + "b" * 1500, "mixed\tspaces\u00a0and words " * 400])
def test_long_lines_are_cut_exactly_as_before(piece: str) -> None:
    assert _split_long(piece, 1200) == hf.cut_by_slicing(piece, 1200)


def test_one_long_line_is_chunked_whole() -> None:
    line = " ".join(f"w{i}" for i in range(400_000))  # ~2.6 MB, no sentence ends
    drafts = chunk_spans([Span(line)], scope="d")
    assert drafts[0].text.startswith("w0 w1 ") and drafts[-1].text.endswith("w399999")
    assert all(len(d.text) <= 1200 for d in drafts)


def test_the_sandbox_returns_what_reading_in_process_returns() -> None:
    data = SAMPLE.read_bytes()
    inside, (record, chunks) = prepare_isolated(data, "02-sorting.md", "CS101")
    here, (record_here, chunks_here) = prepare(data, "02-sorting.md", "CS101")
    assert inside == here and record == record_here
    assert [c.id for c in chunks] == [c.id for c in chunks_here] and chunks


def test_a_file_past_its_deadline_is_killed_with_one_line() -> None:
    with pytest.raises(LoadError) as exc:
        prepare_isolated(SAMPLE.read_bytes(), "02-sorting.md", "CS101",
                         IngestLimits(timeout_s=0.001))
    assert refusal(exc) == ("the file took too long to read (the limit is 0.001 s; the operator "
                            "can change INGEST_TIMEOUT_S)")
    assert multiprocessing.active_children() == []
