"""Configuration, layered: defaults < instance/config.py < environment < the caller's (test) config.

Secrets never live in the repository: SECRET_KEY comes from the environment, else it is generated
once into the git-ignored instance folder so restarts (and several gunicorn workers) share it.
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

from flask import Flask

from .content import LANGUAGES as CONTENT_LANGUAGES


class Defaults:
    SECRET_KEY: str | None = None
    # Languages with a catalog (the content's list); English is the source and the fallback.
    LANGUAGES = tuple(CONTENT_LANGUAGES)
    BABEL_DEFAULT_LOCALE = "en"
    BABEL_TRANSLATION_DIRECTORIES = str(Path(__file__).parent / "translations")
    # Boards and forms are small; anything bigger is a mistake or an attack.
    MAX_CONTENT_LENGTH = 64 * 1024
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_HTTPONLY = True
    # False means "secure only when the request itself came over https" (see security.py).
    SESSION_COOKIE_SECURE = False
    WTF_CSRF_TIME_LIMIT = None  # a token lives as long as the session: a class runs for hours
    WTF_CSRF_SSL_STRICT = True
    # Set to the number of proxies in front of the app (e.g. 1 behind nginx) to trust X-Forwarded-*.
    PROXY_FIX = 0
    GZIP = True
    # The Comprehensive Rules the lessons, the quiz and the rules engine were checked against:
    # every page that teaches says so in its footer.
    RULES_VERSION = "Foundations update, November 2024"
    # Rate limits per network address (request.remote_addr: behind a proxy, set PROXY_FIX), as
    # "how many/seconds", enforced atomically in the database (services/limits.py). Generous
    # for a store night: 60 phones behind one NAT address; docs/deployment.md says why each.
    # The RATE_LIMITS environment variable overrides some: "join=200/60,quiz-new=10/3600".
    RATE_LIMITS = {
        "join": "120/60",            # tries at joining a class (guessing join codes): a burst
        "join-hour": "600/3600",     # and over an hour (a guesser's pace: 0.17 a second)
        "class-lookup": "120/60",    # class pages opened without a seat in that class
        "class-new": "30/3600",      # classes created
        "quiz-new": "60/3600",       # quizzes created, imported or copied
        "attempt": "300/3600",       # quiz attempts started, any quiz
        "quiz-attempt": "120/3600",  # attempts started at one shared quiz
        "learner-new": "300/3600",   # anonymous learners (Learn's first answer in a browser)
        "resume": "10/60",           # resume codes typed (guessing one: 19**12 codes)
        "resume-hour": "30/3600",    # and over an hour: 720 a day from one address
        "progress-import": "20/3600",  # progress files imported
    }
    # Seconds between two runs of the clean-up of stale data (services/cleanup.py), run after a
    # response by whichever request comes first in each period; 0 turns it off (then run
    # `flask --app webapp clean-up` from cron).
    CLEANUP_EVERY = 3600
    # Scheme and host of the absolute links pages show (share links, the join QR code), e.g.
    # "http://192.168.1.20:8000"; 0.0.0.0 stands for this machine's LAN address. `make run` sets
    # it (webapp/serving.py); unset, links follow the request's Host (a proxy's, with PROXY_FIX).
    PUBLIC_URL: str | None = None
    # Bytes of recent practice verdicts each worker keeps (webapp/live/memo.py): about 750 of
    # 5.5 KB (key and body as Python holds them), more than the 495 splits of the largest
    # practice board in one language; 0 turns it off.
    LIVE_CACHE_BYTES = 4 * 1024 * 1024
    # A class's new screen, rendered once per class version and language for every phone whose
    # screen holds nothing of its own (webapp/views/classroom/shared.py); 0 renders each phone's.
    CLASS_SCREEN_CACHE_BYTES = 1024 * 1024
    # How hard SQLite makes sure a commit is on disk (services/database.py): FULL survives a
    # power cut. Only a throw-away database (the tests) should say OFF.
    SQLITE_SYNCHRONOUS = "FULL"
    # How often a class's pages (phones, the host's overview, the projector) ask for news, in
    # milliseconds: a phone follows the host within this time. bench/class_load.py measures a
    # class of 500 at the default; the browser tests use a shorter one so they wait less.
    CLASS_POLL_MS = 2000
    # How often a phone in a class asks whether the host moved (a 304 while not): 90% of phones
    # then show the host's new step within about this time plus one page render
    # (bench/class_load.py --page follow measures it with 60 and 500 phones).
    CLASS_FOLLOW_MS = 500
    # ... but a big room's phones poll more slowly, so that together they make at most this many
    # polls a second (500 phones: every 1.25 s), which keeps the server free for their answers.
    CLASS_FOLLOW_ROOM_RATE = 400


# Environment variables read, with the type to convert them to.
_ENV = {
    "SECRET_KEY": str,
    "DATABASE_URL": str,
    "SESSION_COOKIE_SECURE": lambda v: v.lower() in ("1", "true", "yes"),
    "PROXY_FIX": int,
    "GZIP": lambda v: v.lower() in ("1", "true", "yes"),
    "RATE_LIMITS": lambda v: dict(part.strip().split("=", 1) for part in v.split(",")
                                  if part.strip()),
    "PUBLIC_URL": str,
    "LIVE_CACHE_BYTES": int,
    "CLASS_SCREEN_CACHE_BYTES": int,
    "CLEANUP_EVERY": int,
    "SQLITE_SYNCHRONOUS": lambda v: v.strip().upper(),
    "CLASS_POLL_MS": int,
    "CLASS_FOLLOW_MS": int,
    "CLASS_FOLLOW_ROOM_RATE": int,
}


def load(app: Flask, config: dict | None) -> None:
    app.config.from_object(Defaults)
    app.config.from_pyfile("config.py", silent=True)  # instance/config.py
    for name, convert in _ENV.items():
        if name in os.environ:
            app.config[name] = convert(os.environ[name])
    if config:
        app.config.update(config)
    app.config["RATE_LIMITS"] = rate_limits(app.config.get("RATE_LIMITS") or {})
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    for name in ("CLASS_POLL_MS", "CLASS_FOLLOW_MS"):
        if not 100 <= int(app.config[name]) <= 60_000:
            raise ValueError(f"{name} must be between 100 and 60000 (milliseconds), "
                             f"not {app.config[name]!r}")
    if app.config.get("PUBLIC_URL"):
        app.config["PUBLIC_URL"] = _public_url(app.config["PUBLIC_URL"])


_PUBLIC_URL = re.compile(r"https?://(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?(?:/\S*)?")


def _public_url(value: str) -> str:
    if not _PUBLIC_URL.fullmatch(value.strip()):
        raise ValueError(f"PUBLIC_URL must look like http://192.168.1.20:8000 or "
                         f"https://trample.example.org, not {value!r}")
    return value.strip().rstrip("/")


def rate_limits(given: dict) -> dict[str, str]:
    """The default rules with `given` over them; an unknown bucket or a malformed rule stops the
    app at start-up (a typo must not silently leave a limit at its default)."""
    from .services.limits import Rule

    unknown = set(given) - set(Defaults.RATE_LIMITS)
    if unknown:
        raise ValueError(f"RATE_LIMITS: no such limit {sorted(unknown)}")
    merged = {**Defaults.RATE_LIMITS, **{k: str(v) for k, v in given.items()}}
    for rule in merged.values():
        Rule.parse(rule)
    return merged


def _instance_secret(instance: Path) -> str:
    """Read instance/secret_key, creating it atomically the first time (workers may race)."""
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        tmp = instance / f".secret_key.{os.getpid()}"
        tmp.write_text(secrets.token_hex(32))
        os.chmod(tmp, 0o600)
        try:
            os.link(tmp, path)  # fails if another process won the race; theirs is kept
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_text().strip()
