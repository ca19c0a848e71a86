"""Why an answer is right or wrong, in the rules core's numbers: the misreading a wrong number
reveals (webapp.content.misreadings), each blocker's lethal damage and where it comes from, and
what must happen before damage goes past the blockers. Lesson steps and practice boards share it.
"""

from __future__ import annotations

from ...content.misreadings import diagnose, explain_split
from ...i18n import gettext, lethal_note
from ...live.words import panel
from ...rules import analyze, blocker_status


def predict_reasons(board, names, current) -> list[str]:
    """Why the most is what it is, in the core's numbers: each blocker's lethal damage and where
    it comes from, and what must happen before damage reaches the recipient."""
    view = next((v for v in panel(board, analyze(board), names) if v["id"] == current.creature),
                None)
    if view is None:  # a blocking creature: its damage goes only to what it blocks
        return []
    lines = [f"{row['label']}: {row['note']}" for row in view["rows"] if row["kind"] == "blocker"]
    row = next((r for r in view["rows"] if r["recipient"] == current.recipient), None)
    if row is not None and row["gate"]:
        lines.append(row["gate"])
    return lines


def misreading(board, current, params) -> dict | None:
    """The misreading a wrong number reveals (webapp.content.misreadings), in words."""
    found = diagnose(board, current.creature, current.recipient, params["said"])
    if found is None:
        return None
    return {"code": found.code, "rule": found.rule,
            "text": gettext(found.sentence, said=params["said"], answer=params["answer"],
                            creature=params["creature_name"], recipient=params["recipient_name"])}


def split_misreading(board, question, split, names) -> dict | None:
    """The misreading a wrong split to a slider `question` (a kinds.Split) reveals
    (webapp.content.misreadings), in words without a number: a nudge can name it before the
    answer is shown."""
    found = explain_split(board, split, goal=question.goal, creature=question.creature,
                          recipient=question.recipient)
    if found is None:
        return None
    misreading_, creature = found
    return {"code": misreading_.code, "rule": misreading_.rule,
            "text": gettext(misreading_.split_sentence, creature=names.get(creature, creature))}


def lethal_lines(core, names) -> list[str]:
    """Why a legal split is legal: each blocker's damage against the lethal it needs (damage
    from every attacker counted, as the core counts it)."""
    status = blocker_status(core)
    analysis = analyze({k: v for k, v in core.items() if k != "assignment"})
    details = {}
    for info in analysis["creatures"].values():
        details.update(info.get("lethal_detail", {}))
    lines = []
    for blocker in core.get("blockers", []):
        got, detail = status.get(blocker["id"]), details.get(blocker["id"])
        if got is None or detail is None:
            continue
        template = gettext("%(name)s is assigned %(n)s; lethal for it is %(needs)s (%(why)s).",
                           name=names[blocker["id"]], n=got["assigned"], needs=detail["needs"],
                           why=lethal_note(detail, blocker.get("abilities", [])))
        lines.append(template)
    return lines
