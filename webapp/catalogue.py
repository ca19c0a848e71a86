"""The catalogue: what the app teaches and asks, read from one lessons folder and owned by the app.

    app = create_app(config)                      # loads config LESSONS_DIR (default lessons/)
    app = create_app(config, catalogue=loaded)    # reuses one already loaded (tests, benchmarks)
    catalogue().curriculum, catalogue().bank      # in a request, from any blueprint
    catalogue().cards                             # the card catalogue (lessons/cards.toml)

The curriculum (lessons, rule notes, glossary), the quiz bank and the cards are validated together when the
app starts: a bad lesson or bank file stops it with every problem listed. Both come from the same
folder, so a copy of the lessons (LESSONS_DIR) carries its own bank. A loaded catalogue is frozen
data: one may serve any number of apps, which is how the test suite loads it once per session.

The live memo sits here too, because what it holds is a function of the lessons: it lives and dies
with the app's catalogue, never shared between two apps.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from flask import Flask, current_app

from .content import DEFAULT_LESSONS_DIR, load_curriculum
from .content.bank import BANK_FOLDER, Bank, load_bank
from .content.cards import Cards, load_cards
from .content.model import Curriculum
from .live.memo import Memo


@dataclass(frozen=True)
class Catalogue:
    folder: Path
    curriculum: Curriculum
    bank: Bank
    cards: Cards

    @property
    def glossary(self):
        return self.curriculum.glossary


def load(folder: str | Path = DEFAULT_LESSONS_DIR) -> Catalogue:
    """Read and validate the lessons folder and its bank; raises ContentError with every problem."""
    folder = Path(folder).resolve()
    return Catalogue(folder, load_curriculum(folder), load_bank(folder / BANK_FOLDER),
                     load_cards(folder))


def init_app(app: Flask, given: Catalogue | None = None) -> None:
    folder = Path(app.config.get("LESSONS_DIR") or DEFAULT_LESSONS_DIR).resolve()
    if given is not None and given.folder != folder:
        raise ValueError(f"the catalogue given was read from {given.folder}, "
                         f"but LESSONS_DIR is {folder}")
    app.extensions["catalogue"] = given or load(folder)
    app.extensions["live_memo"] = Memo(app.config["LIVE_CACHE_BYTES"])
    app.extensions["class_screens"] = Memo(app.config["CLASS_SCREEN_CACHE_BYTES"])


def catalogue() -> Catalogue:
    """The catalogue of the app handling this request (or of the app context pushed)."""
    return current_app.extensions["catalogue"]


def live_memo() -> Memo:
    return current_app.extensions["live_memo"]
