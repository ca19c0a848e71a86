"""The one live check: a board and its sliders -> what every slider surface shows.

The sandbox, the lesson player (and later the quiz and the class) call `live_check` and render its
result with the macros in templates/_live.html; none of them calls the rules core for sliders on
its own. Per call the core is asked once for each thing it decides: the board is parsed once,
`analyze` runs once (the core keeps its answer per board), and the split is checked once
(`check` and `blocker_status`). Everything else here only words and arranges those answers.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from functools import partial

from ..i18n import gettext
from ..rules import PLAYER, BoardError, analyze, blocker_status, check, parse_assignment, parse_board
from ..rules import fit as fit_to_sliders
from ..content.fields import read_split, untouched
from .outcome import play_out
from .words import (board_cards, board_error_text, fill, labels, locked_note, panel, player_label,
                    value_text, verdict)

__all__ = ["Live", "board_cards", "dealt", "live_check", "labels", "played_out", "player_label",
           "value_text"]

# (attacker id, recipient id) -> a sentence, or None for "nothing to say about this slider".
RowText = Callable[[str, str], object]


@dataclass(frozen=True)
class Live:
    """What a slider surface shows for one board and one split (a view model, never mutated)."""
    board: dict                      # the contract's board, without its assignment
    split: dict                      # the split shown: {attacker: {recipient: amount}}
    names: dict                      # id -> the name a person sees
    attackers: list = field(default_factory=list)   # each attacker's slider panel, filled
    verdict: dict | None = None      # {"legal": bool, "problems": [{"text", "rule", "code"}]}
    analysis: dict | None = None     # the core's analyze() answer
    error: str | None = None         # why the core refused the board or the split
    # No damage placed yet: every slider the learner can move is at 0 and the split isn't legal
    # (locked sliders are the exercise's, not the learner's). The verdict is then neutral, with
    # the core's words on what is missing, instead of a red "Not legal" on a board never touched.
    untouched: bool = False
    # The split is graded against a goal beyond legality (exact, most, lethal): a legal split is
    # then said in neutral words, so the grade is the page's only red or green verdict.
    goal: bool = False

    @property
    def legal(self) -> bool:
        return bool(self.verdict and self.verdict["legal"])

    @property
    def preset(self) -> bool:
        """The exercise placed damage itself (a locked slider above 0): an untouched board then
        says the learner placed none, not that it holds none."""
        return any(row["locked"] and row["value"] for view in self.attackers
                   for row in view["rows"])

    @property
    def legal_assignments(self) -> int | None:
        return self.analysis["legal_assignments"] if self.analysis else None


def live_check(board: dict, split: Mapping | None = None, *, form=None, editing: bool = False,
               fit: bool = False, best: bool = False, locked: RowText | None = None,
               explain: RowText | None = None, hide_most: Collection = (),
               fixed: Mapping | None = None, blind: bool = False, goal: bool = False) -> Live:
    """The sliders of `board` set to `split`, checked by the rules core.

    form: read the split from these slider fields instead (webapp.content.fields, the one reader),
         with the sliders of the board as analysed here, so the board is parsed and analysed
         once per request. A field the reader refuses raises SliderError. editing: the board is
         edited in the same form (the sandbox): fields of sliders it no longer has are dropped.

    fit: clamp the split as the sliders do (only recipients the core allows, never more in total
         than the attacker assigns; earlier sliders win) — for forms posted by hand or old links.
    best: show the core's best split instead of `split`.
    locked(attacker, recipient): why a slider can't move in this exercise (it is then disabled);
         without it, the `fixed` sliders say they are locked for this exercise.
    explain(attacker, recipient): extra words under a slider (a worked example's "why").
    hide_most: (attacker, recipient) rows whose "at most N" mark would give an answer away.
    fixed: an exercise's locked sliders ({attacker: {recipient: amount}}): the marks and counts
         are then what is left to choose with them (the core's analyze(fixed=)).
    blind: an exam before it is submitted: the sliders say only the damage placed and left,
         nothing the core worked out (lethal marks and tags, "at most N", gates, who divides the
         damage), since those are the key's parts and their reasons.
    goal: the surface grades the split against a goal beyond legality (Live.goal).
    """
    names = labels(board)
    try:
        parsed = parse_board({**board, "assignment": None})
        analysis = analyze(parsed)
        if fixed:
            kept = analyze(parsed, fixed=dict(fixed))
            analysis = kept if kept["legal_assignments"] else analysis
    except BoardError as err:
        return Live(board, dict(split or {}), names, error=board_error_text(err, board, names))
    if form is not None:
        split = read_split(form, {cid: list(info["recipients"]) for cid, info in
                                  analysis["creatures"].items() if info["kind"] == "attacker"},
                           fixed=fixed, editing=editing)
    if locked is None and fixed:
        locked = partial(locked_note, fixed)
    if best:
        split = analysis["best"]
    views = panel(board, analysis, names)
    try:
        split = fit_to_sliders(parsed, split, fixed) if fit else {k: dict(v) for k, v in
                                                           (split or {}).items()}
        now = replace(parsed, assignment=parse_assignment(parsed, split))
        result, status = check(now), blocker_status(now)
    except BoardError as err:
        return Live(board, {}, names, fill(views, {}, None, {}), None, analysis, str(err))
    attackers = fill(views, split, result, status)
    for view in attackers:
        for row in view["rows"]:
            key = (view["id"], row["recipient"])
            row["locked"] = locked(*key) if locked else None
            row["explain"] = explain(*key) if explain else None
            if key in hide_most:
                row["mark"], row["note"] = None, ""
            if blind:
                row.update(blind=True, mark=None, note="", gate="", either="", is_lethal=False,
                           flagged=False, lethal=None, valuetext=row["vt"].replace(
                               "{n}", str(row["value"])))
        if blind:
            view["chooser"] = None
    free = [row["value"] for view in attackers if view["assigns"] > 0
            for row in view["rows"] if not row["locked"]]
    return Live(board, split, names, attackers, verdict(board, result, views), analysis,
                untouched=untouched(free, bool(result.get("legal"))), goal=goal)



def played_out(board: dict, split: dict, names: dict) -> dict:
    """What dealing `split` on `board` shows (templates/_outcome.html): the `outcome`
    (live.outcome.play_out), the names it is worded with ("player" is the defending player) and
    each step's board picture (`outcome_cards`; none when the outcome isn't legal: its
    `problems` say why). The sandbox's "Deal the damage" and a right split's feedback in Learn
    and practice show it alike."""
    outcome = play_out(board, split)
    cards = [board_cards(step.board, names) for step in outcome.steps] if outcome.legal else []
    return {"outcome": outcome, "outcome_names": {**names, PLAYER: gettext("the defending player")},
            "outcome_cards": cards}


def dealt(board: dict, split: dict, names: dict) -> dict | None:
    """What a right, legal split does when dealt (templates/_outcome.html `outcome_details`), or
    None when it can't be played out as asked (a first-strike step that asks more of the split
    than the question's one step: the question's words stand, and nothing is shown). Learn,
    endless practice and the quiz's feedback show it alike."""
    shown = played_out(board, split, names)
    return shown if shown["outcome"].legal else None
