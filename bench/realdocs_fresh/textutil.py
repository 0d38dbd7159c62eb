"""Visible-text extraction and normalisation for the realdocs_fresh benchmark (stdlib only).

Helpers imported by check.py and the later sets' check_*.py, not meant to be run directly:
visible_text() strips tags, scripts and styles from an HTML page (optionally also headings and
navigation), normalize() casefolds and drops Arabic diacritics/tatweel, contains_word() does
whole-word matching on normalised text, arabic_share() gives Arabic letters / (Arabic + ASCII
Latin letters), and pdf_pages() reads a PDF's pages (pypdfium2 when importable, else pdftotext).
"""
import html
import re
import sys
import unicodedata
from html.parser import HTMLParser

VOID = {'br', 'img', 'hr', 'meta', 'link', 'input', 'area', 'base', 'col', 'wbr', 'source', 'embed', 'param', 'track'}
HEADING_TAGS = {'title', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'}


class _P(HTMLParser):
    def __init__(self, sep, body_only):
        super().__init__(convert_charrefs=True)
        self.sep, self.body_only = sep, body_only
        self.out, self.stack = [], []   # stack of (tag, skipping?)
        self.skip = 0

    def _is_skipped(self, tag, attrs):
        if tag in ('script', 'style'):
            return True
        if self.body_only:
            cls = dict(attrs).get('class') or ''
            if tag in HEADING_TAGS:
                return True
            if 'titlepage' in cls.split() or 'docnav' in cls.split() or (tag == 'p' and 'title' in cls.split()):
                return True
            if dict(attrs).get('id') in ('banner', 'title'):
                return True
        return False

    def handle_starttag(self, tag, attrs):
        self.out.append(self.sep)
        if tag in VOID:
            return
        s = self._is_skipped(tag, attrs)
        self.stack.append((tag, s))
        if s:
            self.skip += 1

    def handle_startendtag(self, tag, attrs):
        self.out.append(self.sep)

    def handle_endtag(self, tag):
        self.out.append(self.sep)
        if tag in VOID:
            return
        # pop to matching tag
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                for _tag, s in self.stack[i:]:
                    if s:
                        self.skip -= 1
                del self.stack[i:]
                break

    def handle_data(self, d):
        if not self.skip:
            self.out.append(d)


def visible_text(raw, sep=' ', body_only=False):
    p = _P(sep, body_only)
    p.feed(raw)
    p.close()
    return html.unescape(''.join(p.out))


AR_DIACRITICS = re.compile('[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]')


def normalize(s):
    s = unicodedata.normalize('NFC', s)
    s = AR_DIACRITICS.sub('', s)
    s = s.replace('\u00a0', ' ').replace('\u200f', ' ').replace('\u200e', ' ').replace('\u200b', '')
    s = re.sub(r'\s+', ' ', s).strip()
    return s.casefold()


def contains_word(text_norm, ans):
    a = normalize(ans)
    if not a:
        return False
    pat = r'(?<!\w)' + re.escape(a) + r'(?!\w)'
    return re.search(pat, text_norm) is not None


def is_arabic_letter(c):
    return c.isalpha() and ('\u0600' <= c <= '\u06ff' or '\u0750' <= c <= '\u077f'
                            or '\u08a0' <= c <= '\u08ff' or '\ufb50' <= c <= '\ufdff' or '\ufe70' <= c <= '\ufeff')


def arabic_share(text):
    a = sum(1 for c in text if is_arabic_letter(c))
    lat = sum(1 for c in text if c.isalpha() and c.isascii())
    return a / (a + lat) if a + lat else 0.0


# ---- PDF pages, for the English checks of realdocs_fresh3 to realdocs_fresh5 (copied into each before)
def _raw_pages(path, warnings):
    try:
        import pypdfium2
    except ImportError:
        pypdfium2 = None
    if pypdfium2 is not None:
        pdf = pypdfium2.PdfDocument(str(path))
        out = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
        pdf.close()
        return out
    import subprocess
    warnings.append('pypdfium2 not importable: using pdftotext (run with /work/main/.venv/bin/python)')
    try:
        txt = subprocess.run(['pdftotext', '-enc', 'UTF-8', str(path), '-'], check=True, capture_output=True,
                             text=True).stdout
    except FileNotFoundError:
        sys.exit('neither pypdfium2 nor pdftotext available: run with /work/main/.venv/bin/python')
    return txt.split('\f')[:-1] if txt.endswith('\f') else txt.split('\f')


def pdf_pages(path, heading, warnings):
    """[(full_text, body_text)] per physical page; body drops page numbers and the lines `heading`
    matches (a set's section titles and contents); a fallback to pdftotext is added to `warnings`."""
    pages = []
    for t in _raw_pages(path, warnings):
        t = re.sub('\ufffe\r?\n', '', t).replace('\ufffe', '').replace('\r\n', '\n')
        lines = [ln.strip() for ln in t.split('\n')]
        body = [ln for ln in lines if ln and not re.fullmatch(r'\d+|[ivx]+', ln) and not heading.match(ln)]
        pages.append((normalize(t), normalize(' '.join(body))))
    return pages
