"""Join codes and nicknames, as typed on a phone."""

from __future__ import annotations

import pytest

from webapp.services.classes import (ALPHABET, CODE_LENGTH, MAX_NICKNAME, NicknameError, new_code,
                                     normal_code, normal_nickname)


def test_codes_are_six_characters_of_the_alphabet():
    codes = {new_code() for _ in range(200)}
    assert all(len(c) == CODE_LENGTH and set(c) <= set(ALPHABET) for c in codes)
    assert len(codes) > 190  # random, not a sequence


@pytest.mark.parametrize("typed, code", [("ace347", "ACE347"), (" ace-347 ", "ACE347"),
                                         ("AC E3 47", "ACE347"), ("ACE34", None),
                                         ("ACE3470", None), ("ACE34O", None), ("", None),
                                         (None, None), ("ÀCE347", None)])
def test_codes_are_read_loosely_but_only_from_the_alphabet(typed, code):
    assert normal_code(typed) == code


@pytest.mark.parametrize("typed, name", [("  Ana  ", "Ana"), ("A  n\ta", "A n a"),
                                         ("ｆｕｌｌ", "full"), ("<b>x</b>", "<b>x</b>")])
def test_nicknames_are_tidied_not_rewritten(typed, name):
    assert normal_nickname(typed) == name


@pytest.mark.parametrize("typed, code", [("", "empty"), (" \t ", "empty"), (None, "empty"),
                                         ("x" * (MAX_NICKNAME + 1), "too_long"),
                                         ("a\x07b", "bad_characters"), ("a\u200bb", "bad_characters")])
def test_bad_nicknames_say_why(typed, code):
    with pytest.raises(NicknameError) as err:
        normal_nickname(typed)
    assert err.value.code == code
