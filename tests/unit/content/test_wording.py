"""The wording checks of `trample lessons check` (webapp/content/wording.py): each catches the
mistake a judge once found, written the way it was written, in every language it was in."""

from __future__ import annotations

import pytest

from webapp.content import wording


@pytest.mark.parametrize("line", [
    "This board is the regular damage step: only the Rhino deals damage now, and the Guard keeps it.",
    "Ce plateau montre l'étape de blessures normale : seul le Rhino inflige des blessures maintenant.",
    "この盤面は通常のダメージ・ステップです。今ダメージを与えるのはRhinoだけで、Guardは",
    "3 to Palace Guard, 4 − 1 = 3 is lethal (rule 510.4 keeps that damage on it).",
    "4 − 1 = 3 est mortel (la règle 510.4 laisse cette blessure sur lui).",
    "4 − 1 = 3点で致死ダメージです（そのダメージが残るのはルール510.4のとおりです）。",
])
def test_a_corrected_statement_is_refused_if_it_comes_back(line):
    faults = wording.misstatements(f"# Title\n\n{line}\n")
    assert faults and faults[0].startswith("line 3: ")


def test_the_corrected_text_passes():
    assert wording.misstatements(
        "The Rhino and Palace Guard deal their damage now (rule 120.6: damage stays marked).") == []
