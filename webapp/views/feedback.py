"""Why an answer is right or wrong, in the rules core's numbers: the misreading a wrong number
reveals (webapp.content.misreadings), each blocker's lethal damage and where it comes from, and
what must happen before damage goes past the blockers. Lesson steps (views/learn/steps.py) use
the parts; a question of the quiz's shape (endless practice's boards, the quiz's own) gets its
whole feedback from `answer_feedback`, which templates/_question.html's `answer_result` words.
"""

from __future__ import annotations

from flask_babel import ngettext

from ..content.kinds import TYPE_KINDS, AnswerError, kind_of
from ..content.misreadings import diagnose, explain_split
from ..i18n import gettext, lethal_note, name_list
from ..live import dealt, labels, player_label
from ..live.words import panel, verdict
from ..rules import analyze, blocker_status


def recipient_names(board, names, creature) -> dict[str, str]:
    """Names of what `creature` can assign to; "player" is named for what it attacks (the
    planeswalker's controller, the battle's protector...)."""
    attacker = next((a for a in board["attackers"] if a["id"] == creature), None)
    # A blocker's "player" is its opponent, the attacking player (510.1d: it can't be damaged).
    player = player_label(attacker, names, board) if attacker else gettext("the attacking player")
    return {**names, "player": player}


FEEDBACK_KINDS = ("amount", "verdict", "split")  # a choice's key and its options' whys say it all


def key_feedback(q: dict, board: dict | None, given, correct: bool | None) -> dict | None:
    """The result shown with a quiz question's key (the quiz's own pages, a class phone on a
    quiz): `answer_feedback` for a number, legal or assign answer; None for a choice (its key
    and each option's why say it) or no answer."""
    if given is None or board is None or TYPE_KINDS.get(q["type"]) not in FEEDBACK_KINDS:
        return None
    return answer_feedback(q, board, given, bool(correct), labels(board))


def answer_feedback(q: dict, board: dict, given, correct: bool, names: dict,
                    play_out: bool = True) -> dict:
    """`kind_feedback` for a question of the quiz's shape (number, legal or assign; `board`
    without the split a legal question judges): endless practice's boards and the quiz's."""
    return kind_feedback(kind_of(q), board, given, correct, names, answer=q["answer"],
                         play_out=play_out)


def kind_feedback(kind, board: dict, given, correct: bool, names: dict, *, answer=None,
                  play_out: bool = True) -> dict:
    """What the feedback to an answer `given` to a question (a kinds.Amount, Verdict or Split:
    a lesson step's, a practice board's, a quiz question's) says: right or wrong, and why, from
    the kind's facts and the core's problems and numbers. `answer`: the key as the question
    states it (worked out from the kind when None). `play_out`: a right split's or legal
    split's outcome is shown (`dealt`). templates/_question.html's `answer_result` words it,
    on every surface; a lesson adds its own why and hint ladder."""
    if answer is None:
        answer = kind.answer if kind.kind == "amount" else kind.legal \
            if kind.kind == "verdict" else kind.target()
    creature = getattr(kind, "creature", None)
    recipient = getattr(kind, "recipient", "player")
    blocker = getattr(kind, "blocker", None)  # a number asking one blocker's lethal damage
    who = recipient_names(board, names, creature)
    out = {"correct": correct, "kind": kind.kind, "misreading": None, "reasons": [],
           "problems": [], "dealt": None,
           "params": {"creature_name": names.get(creature), "answer": answer,
                      "recipient_name": names.get(blocker) if blocker else who.get(recipient),
                      "lethal": blocker is not None}}
    try:
        graded = kind.grade(given)
    except AnswerError:  # a stored answer this board can't have been given: the verdict alone
        return out
    facts = graded.facts
    out["reason"] = graded.reason  # the feedback's wording reads it (templates/_question.html)
    out["params"]["said"] = facts.get("said", facts.get("has", 0))
    if graded.check is not None:  # the split judged, or the split given
        judged = kind.judged() if kind.kind == "verdict" else {**board, "assignment": given}
        out["problems"] = verdict(judged, graded.check)["problems"]
    if kind.kind == "verdict":
        out["params"]["legal"] = facts["legal"]
        out["params"]["rule"] = facts.get("rule")
        if graded.check["legal"]:
            out["reasons"] = lethal_lines(kind.judged(), names)
            if correct and play_out:  # what the split shown does
                out["dealt"] = dealt(board, kind.assignment, names)
        return out
    if kind.kind == "amount":
        if blocker is None:  # the lethal damage one blocker needs: the key's why says it
            out["reasons"] = predict_reasons(board, names, creature, recipient)
            out["reasons_kind"] = "where"
            if not correct:
                out["misreading"] = misreading(board, creature, recipient, out["params"])
        return out
    out["goal"] = kind.goal
    if correct:  # a right split: each blocker's damage against its lethal, and what it does
        out["reasons"] = lethal_lines({**board, "assignment": given}, names)
        if play_out:
            out["dealt"] = dealt(board, given, names)
        return out
    out["misreading"] = split_misreading(board, kind, given, names)
    if kind.goal == "most":  # short of the most, or not legal: where the most comes from
        out["reasons"] = predict_reasons(board, names, creature, recipient)
        out["reasons"] += spared_lines(board, names, kind, who.get(recipient), answer)
        out["reasons_kind"] = "where"
    return out


def predict_reasons(board, names, creature, recipient) -> list[str]:
    """Why the most is what it is, in the core's numbers: each blocker's lethal damage and where
    it comes from, and what must happen before damage reaches the recipient."""
    view = next((v for v in panel(board, analyze(board), names) if v["id"] == creature),
                None)
    if view is None:  # a blocking creature: its damage goes only to what it blocks
        return []
    lines = [gettext("%(name)s: %(note)s", name=row["label"], note=row["note"])
             for row in view["rows"] if row["kind"] == "blocker"]
    row = next((r for r in view["rows"] if r["recipient"] == recipient), None)
    if row is not None and row["gate"]:
        lines.append(row["gate"])
    return lines


def spared_lines(board, names, kind, recipient_name, wants) -> list[str]:
    """Why a goal that spares a blocker sends nothing on: the blockers the goal leaves out of
    its lethal damage never get it, so nothing may go past them (702.19b). Said only where the
    key is 0 and the recipient is beyond the blockers, so it is exactly why the key is 0."""
    lethal = getattr(kind, "lethal", None)
    attacker = next((a for a in board["attackers"] if a["id"] == getattr(kind, "creature", None)),
                    None)
    if lethal is None or attacker is None or wants != 0 \
            or kind.recipient in attacker.get("blocked_by", ()):
        return []
    spared = [b for b in attacker.get("blocked_by", ()) if b not in lethal]
    if not spared:
        return []
    return [ngettext("%(names)s must survive, so it gets less than lethal damage: none may go "
                     "past it to %(recipient)s (rule 702.19b).",
                     "%(names)s must survive, so they get less than lethal damage: none may go "
                     "past them to %(recipient)s (rule 702.19b).", len(spared),
                     names=name_list(names[b] for b in spared), recipient=recipient_name)]


def misreading(board, creature, recipient, params) -> dict | None:
    """The misreading a wrong number reveals (webapp.content.misreadings), in words."""
    found = diagnose(board, creature, recipient, params["said"])
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
