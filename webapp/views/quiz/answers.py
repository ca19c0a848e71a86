"""Reading a quiz answer from the posted form into its question type's shape; a form a real page
could not have sent gets a QuizAnswerError whose message says what to do."""

from __future__ import annotations

from ...i18n import gettext


class QuizAnswerError(ValueError):
    pass


def read_answer(q: dict, form):
    kind = q["type"]
    if kind == "number":
        raw = (form.get("amount") or "").strip()
        if not raw:
            raise QuizAnswerError(gettext("Enter a number first."))
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 3:
            raise QuizAnswerError(gettext("“%(value)s” isn’t a whole number from 0 to 999.",
                                          value=raw[:20]))
        return int(raw)
    if kind == "legal":
        said = form.get("verdict")
        if said not in ("legal", "illegal"):
            raise QuizAnswerError(gettext("Choose “Legal” or “Not legal” first."))
        return said == "legal"
    ids = [o["id"] for o in q.get("options", [])]
    if kind in ("rule", "one"):
        option = form.get("option")
        if option not in ids:
            raise QuizAnswerError(gettext("Choose one of the answers first."))
        return option
    if kind == "many":
        chosen = form.getlist("option")
        if not chosen:
            raise QuizAnswerError(gettext("Choose at least one answer."))
        if any(c not in ids for c in chosen):
            raise QuizAnswerError(gettext("That isn’t one of this question’s answers."))
        return sorted(set(chosen))
    return read_split(q, form)


def chose_nothing(q: dict, form) -> bool:
    """Nothing chosen on the page (Next, Back and the timer then just move on); an answer typed
    or ticked but unreadable is not nothing: it gets its message, never silently dropped."""
    kind = q["type"]
    if kind == "number":
        return not (form.get("amount") or "").strip()
    if kind == "legal":
        return not form.get("verdict")
    if kind in ("rule", "one", "many"):
        return not form.getlist("option")
    return not any(v for row in read_split(q, form).values() for v in row.values())


def read_split(q: dict, form) -> dict:
    """The sliders' dmg:<attacker>:<recipient> fields, for the attackers on this board; the live
    check fits the amounts to what the sliders allow."""
    if q.get("board") is None:  # a question about no board has no sliders
        return {}
    attackers = {a["id"] for a in q["board"]["attackers"]}
    split: dict[str, dict[str, int]] = {}
    for key, value in form.items(multi=True):
        parts = key.split(":")
        if len(parts) == 3 and parts[0] == "dmg" and parts[1] in attackers:
            text = str(value).strip()
            amount = int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else 0
            split.setdefault(parts[1], {}).setdefault(parts[2][:40], amount)
    return split
