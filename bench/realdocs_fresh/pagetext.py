"""Visible text and paragraphs of a handbook page, for the Arabic checks of realdocs_fresh3 to
realdocs_fresh5 (their check_ar.py import it; it was copied into each before). Unlike textutil's,
normalize() keeps case and diacritics: those checks match the gold as written on the page.

Uses lxml when importable (e.g. /work/main/.venv/bin/python), else the stdlib html.parser.
"""
import html.parser
import re

try:
    import lxml.html as LH
except ImportError:  # pragma: no cover
    LH = None

PARA_CLASSES = {'para'}
PARA_TAGS = {'p', 'li', 'dt', 'td', 'th'}


def normalize(s):
    s = s.replace('\u200e', '').replace('\u200f', '').replace('\u00a0', ' ').replace('\u202f', ' ')
    return ' '.join(s.split())


def arabic_share(s):
    ar = sum(1 for c in s if '\u0600' <= c <= '\u06ff' and c.isalpha())
    lat = sum(1 for c in s if c.isascii() and c.isalpha())
    return ar / (ar + lat) if ar + lat else 0.0


def contains_word(text, a):
    a = normalize(a)
    return re.search(r'(?<!\w)' + re.escape(a) + r'(?!\w)', text) is not None


# ---- visible text: (body text with '' and ' ' joins, list of paragraph texts) -------------
def _extract_lxml(raw):
    root = LH.document_fromstring(raw.encode('utf-8'), parser=LH.HTMLParser(encoding='utf-8'))
    for bad in root.xpath('//script|//style|//head'):
        bad.drop_tree()
    body = root.find('body') if root.find('body') is not None else root
    texts = [normalize(sep.join(body.itertext())) for sep in ('', ' ')]
    paras = []
    for el in body.iter():
        if not isinstance(el.tag, str):
            continue
        cls = set((el.get('class') or '').split())
        if el.tag in PARA_TAGS or (el.tag == 'div' and cls & PARA_CLASSES):
            paras.append([normalize(sep.join(el.itertext())) for sep in ('', ' ')])
    return texts, paras


class _P(html.parser.HTMLParser):
    VOID = frozenset({'br', 'img', 'meta', 'link', 'hr', 'input', 'col', 'area', 'base', 'wbr'})

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.body = False
        self.skip = 0
        self.chunks = []          # body text chunks
        self.stack = []           # open paragraph-ish elements: [tag, depth, chunks]
        self.depth = 0
        self.paras = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        self.depth += 1
        if tag == 'body':
            self.body = True
        if tag in ('script', 'style'):
            self.skip += 1
        cls = set((dict(attrs).get('class') or '').split())
        if self.body and (tag in PARA_TAGS or (tag == 'div' and cls & PARA_CLASSES)):
            self.stack.append([tag, self.depth, []])

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if tag in ('script', 'style') and self.skip:
            self.skip -= 1
        if self.stack and self.stack[-1][1] == self.depth:
            _, _, ch = self.stack.pop()
            self.paras.append([normalize(sep.join(ch)) for sep in ('', ' ')])
        self.depth -= 1

    def handle_data(self, data):
        if self.body and not self.skip:
            self.chunks.append(data)
            for s in self.stack:
                s[2].append(data)


def _extract_stdlib(raw):
    p = _P()
    p.feed(raw)
    p.close()
    return [normalize(sep.join(p.chunks)) for sep in ('', ' ')], p.paras


def extract(raw):
    return _extract_lxml(raw) if LH is not None else _extract_stdlib(raw)


def in_any(texts, a):
    return any(contains_word(t, a) for t in texts)


def longest_shared_run(q, text):
    w = normalize(q).rstrip('؟?.!').split()
    best = 0
    for i in range(len(w)):
        for j in range(i + best + 1, len(w) + 1):
            if ' '.join(w[i:j]) in text:
                best = j - i
            else:
                break
    return best
