"""Rate limits shared by every worker and server: counters per (bucket, key) in fixed windows,
in the database.

    limits.check("join", address, Rule(120, 60), now)    # raises Limited once over the limit

Each hit is ONE statement, `INSERT … ON CONFLICT (bucket, key, slot) DO UPDATE SET n = n + 1
RETURNING n`, on SQLite (3.35+) and PostgreSQL alike: the database serialises the increments of
one row, so the count each request sees is its own place in the window, and exactly `limit`
requests get through however many arrive at once (a count, then an insert, let a burst slip
past: issue 19). A window is fixed (`slot` = epoch seconds // its length): at a window's edge
an address can make up to twice the limit in a short time, which every limit here allows for.

The rules themselves (how many per how long, per bucket) are config, RATE_LIMITS (config.py).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timezone

from sqlalchemy import delete
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import OperationalError

from .database import Busy, db
from .models import RateCount

MAX_KEY = 120


@dataclass(frozen=True)
class Rule:
    """At most `limit` hits per `seconds`."""
    limit: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> "Rule":
        """ "120/60" -> Rule(120, 60): how a rule is written in the RATE_LIMITS environment
        variable."""
        limit, _, seconds = str(text).partition("/")
        rule = cls(int(limit), int(seconds or 60))
        if rule.limit < 0 or rule.seconds < 1:
            raise ValueError(f"not a rate limit: {text!r}")
        return rule


class Limited(Exception):
    """Over the limit: nothing was done. `retry_after` is how many seconds until the window
    ends (the web layer answers 429 with a Retry-After header)."""

    def __init__(self, bucket: str, retry_after: int):
        super().__init__(f"{bucket}: over the limit")
        self.bucket = bucket
        self.retry_after = retry_after


def hit(bucket: str, key: str, rule: Rule, now: datetime) -> tuple[bool, int]:
    """Count one hit of `key` in `bucket`, committed before it returns; (allowed, seconds until
    the window ends). Allowed while this is one of the first `rule.limit` hits of the window."""
    stamp = now.timestamp()
    slot = int(stamp // rule.seconds)
    until = datetime.fromtimestamp((slot + 1) * rule.seconds, timezone.utc)
    n = _count_up(bucket, key[:MAX_KEY], slot, until)
    return n <= rule.limit, max(1, int((slot + 1) * rule.seconds - stamp + 0.999))


def check(bucket: str, key: str, rule: Rule, now: datetime) -> None:
    """hit(), raising Limited when over the limit."""
    allowed, retry_after = hit(bucket, key, rule, now)
    if not allowed:
        raise Limited(bucket, retry_after)


def _count_up(bucket: str, key: str, slot: int, until: datetime, tries: int = 6) -> int:
    table = RateCount.__table__
    dialect = postgresql if db.engine.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(table).values(bucket=bucket, key=key, slot=slot, n=1, until=until)
    statement = statement.on_conflict_do_update(
        index_elements=[table.c.bucket, table.c.key, table.c.slot],
        set_={"n": table.c.n + 1}).returning(table.c.n)
    for attempt in range(tries):
        try:
            n = db.session.execute(statement).scalar_one()
            db.session.commit()
            return n
        except OperationalError as err:  # SQLite busy past its timeout: wait, try again
            db.session.rollback()
            if "locked" not in str(err.orig).lower() and "busy" not in str(err.orig).lower():
                raise
            time.sleep(0.01 * 2 ** attempt)
    raise Busy("the database is busy")


def forget_past(now: datetime) -> int:
    """Delete the counters of windows that have ended (the clean-up calls it)."""
    return db.session.execute(delete(RateCount).where(RateCount.until < now)).rowcount

