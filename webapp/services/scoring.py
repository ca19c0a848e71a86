"""A class's game (issue 23): points for right first answers with a speed bonus, streaks and the
ranking, as pure functions over plain values. The one place points are decided: the phones, the
host's page, the wall's leaderboard and podium, and the results CSV all read `standings`.

    points(True, elapsed_ms=4_000, countdown_s=20)      # 900: right, a fifth of the time used
    standings([Player(1, "Ana"), Player(2, "Bo")], {1: {"q1": Answer(True, 4_000)}}, ["q1"], 20)

A right first answer scores between MIN_POINTS (at the end of the time) and MAX_POINTS (at once),
falling evenly with the time from when the step opened to when the answer was committed (both by
the server's clock). Without a countdown the bonus runs over SPEED_WINDOW. A wrong or missing
first answer scores 0. The streak is the run of right first answers, over the items asked in class
order, up to the player's latest answer. Equal scores share a rank (1, 1, 3: "standard
competition ranking"); within a rank players are listed by nickname, so nobody is above another
by the order they joined.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

MAX_POINTS = 1000
MIN_POINTS = 500
SPEED_WINDOW = 30  # seconds the speed bonus runs over when the class has no countdown


@dataclass(frozen=True)
class Answer:
    """A player's first answer to one item: whether it was right, and how long after the item
    opened it was committed (None: not timed, e.g. given before game mode existed)."""
    first_correct: bool
    elapsed_ms: int | None


@dataclass(frozen=True)
class Player:
    id: int
    nickname: str
    removed: bool = False


@dataclass(frozen=True)
class Standing:
    """A player's place in the game: total score, rank (1-based, shared by equal scores), current
    streak, and the points of each item they answered."""
    id: int
    nickname: str
    score: int
    rank: int
    streak: int
    points: Mapping[str, int] = field(default_factory=dict)


def points(first_correct: bool, elapsed_ms: int | None, countdown_s: int | None) -> int:
    """The points of one first answer: 0 if wrong; if right, MAX_POINTS at once down to
    MIN_POINTS at the end of the countdown (or of SPEED_WINDOW without one), never outside."""
    if not first_correct:
        return 0
    window_ms = 1000 * (countdown_s or SPEED_WINDOW)
    used = min(max(elapsed_ms if elapsed_ms is not None else window_ms, 0), window_ms)
    return round(MAX_POINTS - (MAX_POINTS - MIN_POINTS) * used / window_ms)


def streak(answers: Mapping[str, Answer], items: Iterable[str]) -> int:
    """Right first answers in a row, over `items` in class order, ending at the latest item the
    player answered (an item asked and left unanswered before it breaks the run; the item still
    open and unanswered does not)."""
    ordered = list(items)
    answered = [i for i, item in enumerate(ordered) if item in answers]
    if not answered:
        return 0
    run = 0
    for item in ordered[:answered[-1] + 1]:
        given = answers.get(item)
        run = run + 1 if given is not None and given.first_correct else 0
    return run


def standings(players: Iterable[Player], answers: Mapping[int, Mapping[str, Answer]],
              items: Iterable[str], countdown_s: int | None) -> list[Standing]:
    """Every player still in the class (removed players are left out), best first: their score
    over `items` (answers to other items count nothing), rank, streak and points per item."""
    items = list(items)
    rows = []
    for player in players:
        if player.removed:
            continue
        mine = {item: a for item, a in (answers.get(player.id) or {}).items() if item in items}
        each = {item: points(a.first_correct, a.elapsed_ms, countdown_s)
                for item, a in mine.items()}
        rows.append((player, sum(each.values()), each, mine))
    rows.sort(key=lambda r: (-r[1], r[0].nickname.casefold(), r[0].id))
    out: list[Standing] = []
    for i, (player, score, each, mine) in enumerate(rows):
        rank = out[-1].rank if out and out[-1].score == score else i + 1
        out.append(Standing(player.id, player.nickname, score, rank, streak(mine, items), each))
    return out
