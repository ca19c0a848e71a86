"""The one reader of slider fields (webapp/content/fields.py): one policy for every surface."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st
from werkzeug.datastructures import MultiDict

from webapp.content.fields import MAX_AMOUNT, SliderError, amount, posted, read_split
from webapp.rules import MAX_NUMBER

SLIDERS = {"a1": ["b1", "b2", "player"], "a2": ["b3"]}


def refusal(form, **kw) -> SliderError:
    with pytest.raises(SliderError) as info:
        read_split(form, SLIDERS, **kw)
    return info.value


# --- bad input first ----------------------------------------------------------------------------


@pytest.mark.parametrize("raw", ["", "  ", "1000", "-1", "+1", "1e3", "2.0", "0x1", "abc",
                                 "٣", "１２", "²", "1 000", "9" * 5000, None])
def test_anything_but_a_whole_number_from_0_to_999_is_refused_naming_it(raw):
    err = refusal([("dmg:a1:b1", raw)])
    assert err.code == "not_an_amount"
    assert err.params == {"value": ("" if raw is None else str(raw).strip())[:20],
                          "most": MAX_AMOUNT}


@pytest.mark.parametrize("field", ["dmg:a9:b1", "dmg:a1:b3", "dmg:a1", "dmg:", "dmg:a1:b1:x",
                                   "dmg::player"])
def test_a_slider_the_board_does_not_have_is_refused_naming_the_field(field):
    err = refusal([(field, "1")])
    assert err.code == "unknown_slider" and err.params == {"field": field}


def test_while_the_board_is_edited_in_the_same_form_unknown_sliders_are_dropped():
    form = [("dmg:a9:b1", "1"), ("dmg:a1:b3", "2"), ("dmg:a1:b1", "3")]
    assert read_split(form, SLIDERS, editing=True) == {
        "a1": {"b1": 3, "b2": 0, "player": 0}, "a2": {"b3": 0}}
    with pytest.raises(SliderError):  # an unreadable amount is still refused
        read_split([("dmg:a1:b1", "1000")], SLIDERS, editing=True)


def test_a_locked_slider_keeps_its_value_and_another_is_refused():
    fixed = {"a1": {"b1": 3}}
    assert read_split([], SLIDERS, fixed=fixed)["a1"]["b1"] == 3
    assert read_split([("dmg:a1:b1", "3")], SLIDERS, fixed=fixed)["a1"]["b1"] == 3
    err = refusal([("dmg:a1:b1", "4")], fixed=fixed)
    assert err.code == "locked"
    assert err.params == {"creature": "a1", "recipient": "b1", "amount": 3}


def test_the_first_refused_field_is_named_and_the_others_are_kept_to_show_again():
    err = refusal(MultiDict([("dmg:a1:b1", "2"), ("dmg:a1:b2", "x"), ("dmg:a9:b1", "1"),
                             ("dmg:a1:player", "1")]))
    assert err.code == "not_an_amount" and err.params["value"] == "x"
    assert err.split == {"a1": {"b1": 2, "b2": 0, "player": 1}, "a2": {"b3": 0}}


def test_the_first_of_repeated_fields_counts_and_later_ones_are_not_read():
    assert read_split(MultiDict([("dmg:a1:b1", "2"), ("dmg:a1:b1", "1000")]),
                      SLIDERS)["a1"]["b1"] == 2
    assert refusal(MultiDict([("dmg:a1:b1", "1000"), ("dmg:a1:b1", "2")])).code == \
        "not_an_amount"


# --- what it reads -------------------------------------------------------------------------------


def test_every_slider_is_in_the_split_in_display_order_a_missing_one_is_zero():
    split = read_split({"dmg:a1:player": " 7 ", "other": "x", "op": "step:a1:b1:1"}, SLIDERS)
    assert split == {"a1": {"b1": 0, "b2": 0, "player": 7}, "a2": {"b3": 0}}
    assert list(split["a1"]) == SLIDERS["a1"]


def test_the_largest_amount_is_the_rules_cores_largest_number():
    assert MAX_AMOUNT == MAX_NUMBER == 999
    assert amount("999") == 999 and amount("0") == 0 and amount("007") == 7


@given(st.integers(min_value=0, max_value=MAX_AMOUNT))
def test_every_amount_in_range_reads_as_itself(n):
    assert read_split([("dmg:a2:b3", str(n))], SLIDERS)["a2"]["b3"] == n


@given(st.text(max_size=6))
def test_any_text_is_read_or_refused_never_anything_else(raw):
    try:
        value = amount(raw)
    except SliderError as err:
        assert err.code == "not_an_amount"
    else:
        assert raw.strip().isascii() and 0 <= value <= MAX_AMOUNT


def test_the_posted_slider_fields_keep_their_order():
    form = MultiDict([("dmg:a1:b1", "1"), ("csrf_token", "t"), ("dmg:a1:b1", "2")])
    assert posted(form) == (("dmg:a1:b1", "1"), ("dmg:a1:b1", "2"))
