"""The one rule for typed text (webapp/text.py): its control-character test is Unicode's own
categories, checked against unicodedata over every code point."""

from __future__ import annotations

import sys
import unicodedata

import pytest

from webapp.text import ControlCharacters, has_control_characters, typed_text


def test_control_characters_are_exactly_unicodes_cc_and_cs():
    wrong = [hex(c) for c in range(sys.maxunicode + 1)
             if has_control_characters(chr(c)) != (unicodedata.category(chr(c)) in ("Cc", "Cs"))]
    assert wrong == []


def test_format_characters_are_kept_and_a_control_anywhere_is_refused():
    assert typed_text("Nia\u200d  the\tjudge\n", 60) == "Nia\u200d the judge"
    assert typed_text("\u202eabc", 60) == "\u202eabc"  # a right-to-left override is Cf, kept
    for bad in ("a\x00b", "tail\x7f", "\x9bescape", "lone \ud800 surrogate"):
        with pytest.raises(ControlCharacters):
            typed_text(bad, 60)
