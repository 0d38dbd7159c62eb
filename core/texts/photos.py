"""What the bot says about a photo it was sent: what it read, and why it could not read one."""
from __future__ import annotations

from core.i18n import Catalog

PHOTOS = Catalog({
    "en": {
        "read": "I read: “{text}”",
        "no_text": "I couldn't read any text in that photo — try a sharper, well-lit picture, "
                   "or type the question.",
        "unavailable": "Sorry, I can't read photos on this bot. Please type the question "
                       "instead.",
        "too_large": "That photo is too large for me to read (the limit is {limit_mb} MB). "
                     "Please send a smaller picture, or type the question.",
        "too_many_pixels": "That photo has too many pixels for me to read (the limit is "
                           "{limit_mp} megapixels). Please send a smaller picture, or type the "
                           "question.",
        "not_image": "I couldn't open that file as a picture. Please send a photo (JPEG or "
                     "PNG), or type the question.",
        "timeout": "Reading that photo took too long, so I stopped. Please try a smaller or "
                   "sharper picture, or type the question.",
        "download_failed": "I couldn't download that photo. Please try again, or type the "
                           "question.",
    },
    "ar": {
        "read": "قرأتُ: «{text}»",
        "no_text": "لم أستطع قراءة أي نص في هذه الصورة — جرّب صورة أوضح وإضاءة أفضل، أو اكتب "
                   "السؤال.",
        "unavailable": "عذرًا، لا أستطيع قراءة الصور في هذا البوت. من فضلك اكتب السؤال بدلًا من "
                       "ذلك.",
        "too_large": "هذه الصورة أكبر من أن أقرأها (الحد {limit_mb} ميغابايت). أرسل صورة أصغر، "
                     "أو اكتب السؤال.",
        "too_many_pixels": "في هذه الصورة بكسلات أكثر مما أستطيع قراءته (الحد {limit_mp} "
                           "ميغابكسل). أرسل صورة أصغر، أو اكتب السؤال.",
        "not_image": "لم أستطع فتح هذا الملف كصورة. أرسل صورة (JPEG أو PNG)، أو اكتب السؤال.",
        "timeout": "استغرقت قراءة هذه الصورة وقتًا طويلًا فتوقفت. جرّب صورة أصغر أو أوضح، أو "
                   "اكتب السؤال.",
        "download_failed": "تعذر تنزيل هذه الصورة. أعد المحاولة، أو اكتب السؤال.",
    },
})
