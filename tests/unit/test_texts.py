"""Every user-facing text table is complete in every language and fills the same blanks."""
from __future__ import annotations

import importlib
import pkgutil
import string

import pytest

import core.texts
from core.i18n import LANGUAGES, Catalog, pick_language, supported


def catalogs() -> list[tuple[str, Catalog]]:
    found = []
    for info in pkgutil.iter_modules(core.texts.__path__):
        module = importlib.import_module(f"core.texts.{info.name}")
        found += [(f"{info.name}.{name}", value) for name, value in vars(module).items()
                  if isinstance(value, Catalog)]
    return found


def blanks(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def test_the_texts_package_holds_every_area():
    names = {name.split(".")[0] for name, _ in catalogs()}
    assert {"notices", "canned", "desk", "answers", "gaps", "guide", "layout", "platforms"} <= names


@pytest.mark.parametrize(("name", "catalog"), catalogs(), ids=lambda v: v if isinstance(v, str)
                         else "")
def test_every_language_has_every_key_with_the_same_blanks(name, catalog):
    for language in LANGUAGES:
        assert not catalog.missing(language), f"{name}: no {language} text for " \
                                              f"{sorted(catalog.missing(language))}"
        for key in catalog.english:
            assert blanks(catalog.tables[language][key]) == blanks(catalog.english[key]), \
                f"{name}[{language}][{key}] fills other blanks than English"


def test_an_untranslated_key_or_language_falls_back_to_english():
    catalog = Catalog({"en": {"hi": "Hello {name}", "bye": "Bye"}, "fr": {"hi": "Salut {name}"}})
    assert catalog("hi", "fr", name="Ana") == "Salut Ana"
    assert catalog("bye", "fr") == "Bye"
    assert catalog("hi", "de", name="Ana") == "Hello Ana"
    assert catalog.missing("fr") == {"bye"} and "hi" in catalog and "nope" not in catalog


def test_language_choice():
    assert [supported(c) for c in ("ar", "ar-SA", "AR_eg", "en-GB", "fr", "", None)] == \
        ["ar", "ar", "ar", "en", "en", "en", "en"]
    assert pick_language("ما هو الفرز السريع؟") == "ar"
    assert pick_language("What is quicksort?", hint="ar") == "en"
    assert pick_language("  ", hint="ar-SA") == "ar"
