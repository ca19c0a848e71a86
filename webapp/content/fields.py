"""The one reader of slider fields: `dmg:<attacker>:<recipient>` form fields -> a split.

Every surface with sliders (the sandbox, a lesson step, endless practice, a quiz, a class) reads
its sliders here, with one policy, so a value means the same thing on every page:

- an amount is a whole number from 0 to MAX_AMOUNT written in ASCII digits (spaces around it are
  no mistake); anything else ("", "1000", "-1", "1e3", "٣", "１２") is refused;
- a field naming a slider this board doesn't have is refused, except while the board itself is
  being edited in the same form (`editing`: the sandbox, where attackers and blockers come and go
  with the form): there such fields are dropped, as the sliders they moved are gone;
- the first of repeated fields counts; later ones are not read;
- a free slider without a field is 0; a locked slider (`fixed`) keeps its value, and a field
  saying another value is refused.

Refusals are a SliderError with a stable code and params (never a sentence): the views word it
with `words.slider_error_text`, the same words on every page. Pure: no Flask, no request.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..rules import MAX_NUMBER

MAX_AMOUNT = MAX_NUMBER  # the most damage a slider can say: the rules core's largest number
PREFIX = "dmg:"
SHOWN = 20               # characters of a refused value or field a message repeats


class SliderError(ValueError):
    """A slider field that can't be read. `code`: "not_an_amount" (params value, most),
    "unknown_slider" (field) or "locked" (creature, recipient, amount). `split` is what the
    other fields said, read by the same policy, so a page can show it again: nothing is lost."""

    def __init__(self, code: str, split: dict | None = None, **params):
        super().__init__(code)
        self.code = code
        self.params = params
        self.split = split or {}


def amount(raw) -> int:
    """A slider's (or a typed answer's) amount: ASCII digits, 0..MAX_AMOUNT; SliderError else."""
    text = "" if raw is None else str(raw).strip()
    if text.isascii() and text.isdigit() and len(text) <= len(str(MAX_AMOUNT)) \
            and int(text) <= MAX_AMOUNT:
        return int(text)
    raise SliderError("not_an_amount", value=text[:SHOWN], most=MAX_AMOUNT)


def read_split(form, sliders: Mapping[str, Sequence[str]], *, fixed: Mapping | None = None,
               editing: bool = False) -> dict[str, dict[str, int]]:
    """The split the slider fields of `form` set, for a board whose sliders are `sliders`
    (attacker id -> recipient ids in display order): every slider, in that order.

    form: a MultiDict (read with items(multi=True), in the order posted) or (name, value) pairs.
    fixed: {attacker: {recipient: amount}} of locked sliders (a lesson's exercise).
    editing: the board is edited in this form (the sandbox): unknown sliders are dropped.
    Raises SliderError for the first field (in the order posted) that can't be read."""
    fixed = fixed or {}
    split = {a: {r: fixed.get(a, {}).get(r, 0) for r in recipients}
             for a, recipients in sliders.items()}
    seen: set[str] = set()
    refused: tuple | None = None
    for key, value in _pairs(form):
        if not isinstance(key, str) or not key.startswith(PREFIX) or key in seen:
            continue
        seen.add(key)
        _, attacker, recipient = (key.split(":", 2) + ["", ""])[:3]
        if recipient not in split.get(attacker, {}):
            if not editing:
                refused = refused or ("unknown_slider", {"field": key[:SHOWN * 4]})
            continue
        try:
            said = amount(value)
        except SliderError as err:
            refused = refused or (err.code, err.params)
            continue
        locked = fixed.get(attacker, {}).get(recipient)
        if locked is not None and said != locked:
            refused = refused or ("locked", {"creature": attacker, "recipient": recipient,
                                             "amount": locked})
            continue
        split[attacker][recipient] = said
    if refused:
        raise SliderError(refused[0], split, **refused[1])
    return split


def untouched(free: Iterable[int], legal: bool) -> bool:
    """No damage placed yet: the sliders the learner can move (locked ones are the exercise's)
    are all at 0 and the split isn't legal. The live check says so in neutral words, and an
    answer read from such sliders is no answer yet ("missing_damage")."""
    free = list(free)
    return bool(free) and not any(free) and not legal


def posted(form) -> tuple[tuple[str, str], ...]:
    """The slider fields as posted, in order (a memo key: the first of repeated ones counts, so
    their order matters)."""
    return tuple((k, str(v)) for k, v in _pairs(form) if isinstance(k, str) and k.startswith(PREFIX))


def _pairs(form) -> Iterable[tuple]:
    items = getattr(form, "items", None)
    if items is None:
        return form
    try:
        return items(multi=True)
    except TypeError:  # a plain dict: one value per name
        return items()
