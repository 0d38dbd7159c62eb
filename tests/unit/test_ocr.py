"""core.ingest.ocr: Tesseract on images drawn in the test, its refusals in one line each."""
from __future__ import annotations

import io
import time

import pytest

from core.ingest import ocr
from core.ingest.document import LoadError
from tests.support.ocr_fixtures import needs_tesseract, png, png_claiming, text_image

ENGLISH = ["Merge sort splits the list into halves", "and merges the sorted halves again."]
ARABIC = ["نظام التشغيل يدير موارد الحاسوب", "والنواة هي قلب النظام"]


@needs_tesseract
def test_english_image_lines_in_reading_order():
    found = ocr.recognise(text_image(ENGLISH), "eng")
    assert [line for line in found.text.split("\n") if line] == ENGLISH
    assert found.words == 13
    assert found.confidence > 85
    assert [line.text for line in found.lines] == ENGLISH
    assert all(line.height > 20 for line in found.lines)


@needs_tesseract
def test_image_bytes_are_opened_and_recognised():
    found = ocr.recognise(png(text_image(ENGLISH[:1])), "eng")
    assert found.text == ENGLISH[0]


@needs_tesseract
def test_arabic_comes_out_in_logical_order():
    found = ocr.recognise(text_image(ARABIC, rtl=True), "ara")
    words = found.text.split()
    assert words[:2] == ["نظام", "التشغيل"]  # the first word read is the rightmost drawn
    assert "النظام" in words and words.index("النظام") > words.index("قلب")
    assert "\u200f" not in found.text and "\u200e" not in found.text
    assert found.confidence > 70


@needs_tesseract
def test_a_page_mixing_arabic_and_english_keeps_both():
    found = ocr.recognise(text_image([ENGLISH[0], ARABIC[0]]), "eng+ara")
    assert "Merge sort" in found.text
    assert "التشغيل" in found.text


@needs_tesseract
def test_a_one_line_arabic_question_found_nowhere_on_the_page_is_read_as_sparse_text(monkeypatch):
    # Tesseract 5 finds no text in this clean screenshot as a page (--psm 3); a student's photo
    # of the question was refused as "no text"
    question = text_image(["ما هو نظام الملفات؟"], rtl=True)
    assert ocr.recognise(question, "eng+ara").text == "ما هو نظام الملفات؟"
    monkeypatch.setattr(ocr, "SPARSE_MIN_S", 1e9)  # no time left for the second reading
    assert ocr.recognise(question, "eng+ara").words == 0


@needs_tesseract
def test_a_blank_image_has_no_words_and_zero_confidence():
    found = ocr.recognise(text_image([]), "eng")
    assert (found.text, found.words, found.confidence) == ("", 0, 0.0)


def test_missing_engine_refuses_with_the_install_hint():
    assert not ocr.available(command="/nonexistent/tesseract")
    with pytest.raises(LoadError) as caught:
        ocr.recognise(text_image(["x"]), command="/nonexistent/tesseract")
    message = str(caught.value)
    assert "not installed" in message and ocr.install_hint() in message
    assert "\n" not in message and "/nonexistent" not in message


@needs_tesseract
def test_missing_language_data_refuses_with_the_install_hint():
    assert not ocr.available("eng+xyz")
    with pytest.raises(LoadError, match="language data for 'eng\\+xyz' is missing; install"):
        ocr.recognise(text_image(["x"]), "eng+xyz")


def test_install_hint_is_one_line_naming_the_packages():
    hint = ocr.install_hint()
    assert "\n" not in hint and "tesseract-ocr-ara" in hint and "tesseract-ocr-eng" in hint


def test_decompression_bomb_is_refused_from_the_header():
    started = time.perf_counter()
    with pytest.raises(LoadError, match="PHOTO_MAX_PIXELS") as caught:
        ocr.recognise(png_claiming(60_000, 60_000))
    assert time.perf_counter() - started < 1.0  # nothing was decoded
    assert "\n" not in str(caught.value)


def test_an_image_over_the_pixel_cap_is_refused_before_decoding():
    data = png(text_image(["x"], width=400))
    with pytest.raises(LoadError, match=r"the limit is 1,000 pixels.*PHOTO_MAX_PIXELS"):
        ocr.open_image(data, max_pixels=1_000)
    with pytest.raises(LoadError, match="PHOTO_MAX_PIXELS"):
        ocr.recognise(text_image(["x"], width=400), max_pixels=1_000)


@pytest.mark.parametrize("data", [b"not an image at all", b"\x89PNG\r\n\x1a\n" + b"\x00" * 40])
def test_unreadable_bytes_are_refused_in_one_line(data):
    with pytest.raises(LoadError, match=r"^not a readable image"):
        ocr.recognise(data)


@needs_tesseract
def test_recognition_past_the_timeout_is_refused_naming_the_setting():
    with pytest.raises(LoadError, match=r"took too long.*OCR_TIMEOUT_S"):
        ocr.recognise(text_image(ENGLISH * 6), timeout_s=0.01)


@needs_tesseract
def test_transparent_and_palette_images_are_flattened():
    image = text_image(ENGLISH[:1]).convert("LA")
    assert ocr.recognise(image, "eng").text == ENGLISH[0]
    assert ocr.recognise(text_image(ENGLISH[:1]).convert("P"), "eng").text == ENGLISH[0]


@needs_tesseract
def test_a_phone_photo_is_turned_upright_by_its_exif_orientation():
    from PIL import Image

    sideways = text_image(ENGLISH[:1]).transpose(Image.Transpose.ROTATE_90)  # as the sensor saw it
    exif = Image.Exif()
    exif[0x0112] = 6  # "turn 90° clockwise to view": what a camera held sideways records
    buf = io.BytesIO()
    sideways.save(buf, format="JPEG", exif=exif, quality=95)
    assert ocr.recognise(buf.getvalue(), "eng").text == ENGLISH[0]
