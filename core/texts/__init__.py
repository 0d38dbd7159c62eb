"""Every user-facing text, one module per area, each a core.i18n.Catalog (en + ar).

notices (service limits and failures), canned (greetings, refusals, fallbacks), desk (course
spaces, uploads, sharing, modes), answers (Sources / 👍 / 👎), gaps (/gaps summary), guide (guide
mode), photos (what a photo was read as, why one could not be), layout (source labels and
confidence marks), platforms (what each chat bot says itself:
/help, usage and error lines, button labels, the Telegram command menu, the console's help).
"""
