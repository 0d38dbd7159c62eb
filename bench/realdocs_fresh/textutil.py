"""Visible-text extraction and normalisation for the realdocs_fresh benchmark (stdlib only).

Helpers imported by check.py, not meant to be run directly: visible_text() strips tags, scripts
and styles from an HTML page (optionally also headings and navigation), normalize() casefolds
and drops Arabic diacritics/tatweel, contains_word() does whole-word matching on normalised
text, and arabic_share() gives Arabic letters / (Arabic + ASCII Latin letters).
"""
import html
import re
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
