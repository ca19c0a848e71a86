"""The UI catalogs: messages.pot holds every string the code marks, and every language translates
all of them, with no fuzzy guesses and the same %(placeholders)s. (That messages.pot is
current with the code: tests/web/test_i18n_problems.py.)

After changing UI text: `make catalogs`, translate what `pybabel` left empty or fuzzy, commit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from webapp.content import LANGUAGES

ROOT = Path(__file__).parents[3]
TRANSLATIONS = ROOT / "webapp" / "translations"
TRANSLATED = sorted(code for code in LANGUAGES if code != "en")
PLACEHOLDER = re.compile(r"%\(\w+\)s|%%")
PLURALS = {"fr": 2, "ja": 1}  # CLDR: French has two forms (0 and 1 singular), Japanese one


def read(path: Path):
    with path.open("rb") as src:
        return read_po(src)


def messages(catalog):
    return [m for m in catalog if m.id]


def msgid(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def forms(message) -> tuple:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def test_every_non_english_language_has_a_catalog():
    assert TRANSLATED == ["fr", "ja"]
    for code in TRANSLATED:
        assert (TRANSLATIONS / code / "LC_MESSAGES" / "messages.po").is_file()


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_translates_every_string_and_guesses_none(code):
    catalog = read(TRANSLATIONS / code / "LC_MESSAGES" / "messages.po")
    template = {msgid(m) for m in messages(read(TRANSLATIONS / "messages.pot"))}
    translated = {msgid(m) for m in messages(catalog)}
    assert template - translated == set(), "run `make catalogs`"
    untranslated = [msgid(m) for m in messages(catalog) if not all(forms(m))]
    fuzzy = [msgid(m) for m in messages(catalog) if m.fuzzy]
    assert untranslated == [] and fuzzy == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_every_placeholder(code):
    for m in messages(read(TRANSLATIONS / code / "LC_MESSAGES" / "messages.po")):
        wanted = set(PLACEHOLDER.findall(msgid(m)))
        for form in forms(m):
            assert set(PLACEHOLDER.findall(form)) == wanted, (msgid(m), form)


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_fit_the_language(code):
    catalog = read(TRANSLATIONS / code / "LC_MESSAGES" / "messages.po")
    assert catalog.num_plurals == PLURALS[code]
    for m in messages(catalog):
        if m.pluralizable:
            assert len(forms(m)) == PLURALS[code], msgid(m)


def test_french_puts_a_no_break_space_before_double_punctuation():
    """« Attaque : Jace » must not wrap before the colon (French typography)."""
    for m in messages(read(TRANSLATIONS / "fr" / "LC_MESSAGES" / "messages.po")):
        for form in forms(m):
            assert not re.search(r" [:;?!»]|« ", form), form


def test_japanese_strings_are_japanese_and_no_language_copies_another():
    """A merge once filled 34 Japanese strings with their French text: every Japanese string
    with words in it has Japanese script, and no translation is another language's."""
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    catalogs = {code: {msgid(m): forms(m) for m in messages(read(
        TRANSLATIONS / code / "LC_MESSAGES" / "messages.po"))} for code in TRANSLATED}
    for key, strings in catalogs["ja"].items():
        words = PLACEHOLDER.sub("", " ".join(strings))
        if re.search(r"[A-Za-z]{3}", words) and key != "Trample Trainer":
            assert japanese.search(words), f"{key!r} is not Japanese in ja: {strings!r}"
    for key, strings in catalogs["fr"].items():
        same = catalogs["ja"].get(key)
        words = PLACEHOLDER.sub("", " ".join(strings))
        if re.search(r"[A-Za-z]{3}", words) and key != "Trample Trainer":
            assert strings != same, f"{key!r}: ja has the French text"
