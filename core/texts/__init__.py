"""Every user-facing text the core says, one module per area, each a core.i18n.Catalog.

notices (service limits and failures), canned (greetings, refusals, fallbacks), desk (course
spaces, uploads, sharing, modes), answers (Sources / 👍 / 👎), gaps (/gaps summary), guide (guide
mode), layout (source labels and confidence marks), help (each platform's /help).
"""
