"""A class's game mode on its pages (issue 23): the countdown, the phone's own score, the host's
and the wall's leaderboard, the podium. The points are services/scoring.py's (read through
class_reports.standings); the countdown is services.classes' (by the app's clock, the server's).

    play(room, seat, src, now)   the phone: seconds left, time up, its points on this item, its
                                 streak, and (at the end) its score and rank of how many
    board(room, src, now)        the host's and the wall's: seconds left, the leaderboard, the podium

Nothing here for a class without game mode: both answer None.
"""

from __future__ import annotations

from ...services import class_reports, classes

TOP = 5      # the leaderboard between questions on the wall
PODIUM = 3   # the end


def items(room, src, *, held: bool = False) -> list[str]:
    """The item ids the game scores, in class order: each answerable item the class asked; with
    `held` (an exam's phones), only those whose key the host revealed, until the end (a score
    would tell right from wrong before the host does)."""
    out = []
    for n in range(1, src.count + 1):
        if not (src.answerable(n) and classes.asked(room, n)):
            continue
        if held and room.state != "ended" and not classes.revealed(room, n):
            continue
        out.append(src.item_id(n))
    return out


def countdown(room, src, now) -> int | None:
    """Seconds left on the item the class is on (None: no countdown, or nothing to answer)."""
    if room.state != "running" or not src.answerable(src.number):
        return None
    return classes.seconds_left(room, now)


def play(room, seat, src, now) -> dict | None:
    """The phone's game: `seconds` left (None: no countdown), `time_up`, `me` (its Standing, or
    None; its rank only at the end), whether it `answered` the item the class is on,
    `item_points` (its points on it, None until answered or while an exam holds the key),
    `players` (how many are ranked, at the end)."""
    if not room.game:
        return None
    # The rank only at the end: until then the phone's own rows are enough.
    table = class_reports.standings(room, items(room, src, held=src.exam),
                                    only=None if room.state == "ended" else seat.id)
    me = next((s for s in table if s.id == seat.id), None)
    current = src.item_id(src.number) \
        if room.state == "running" and src.answerable(src.number) else None
    return {"seconds": countdown(room, src, now), "time_up": classes.time_up(room, now),
            "countdown_s": room.countdown_s, "me": me, "players": len(table),
            "answered": current is not None and classes.result(seat.id, current) is not None,
            "item_points": me.points.get(current) if me and current else None}


def board(room, src, now, *, held: bool = False) -> dict | None:
    """The host's and the wall's game: `seconds` left, the `leaders` (best first), `top` (the
    wall's TOP between questions), `podium` (the first PODIUM at the end). `held`: the wall of
    an exam, which scores only the items whose key the host revealed (a point is a right
    answer: the room would read the key off the leaderboard)."""
    if not room.game:
        return None
    table = class_reports.standings(room, items(room, src, held=held))
    return {"seconds": countdown(room, src, now), "time_up": classes.time_up(room, now),
            "countdown_s": room.countdown_s, "leaders": table, "top": table[:TOP],
            "podium": [s for s in table if s.rank <= PODIUM][:PODIUM] if room.state == "ended"
            else []}
