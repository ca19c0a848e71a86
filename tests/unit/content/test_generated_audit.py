"""Generated questions a judge would sign: every one of 2,000 seeds per tier (all of them under
CI=true, a spread fifth otherwise, as tests/conftest.py's Hypothesis profiles do) is audited for
false premises, uncited deciding rules, explanations whose numbers don't sum to the key, and real
cards on invented numbers (generated_audit.py says how each is judged)."""

from __future__ import annotations

from collections import Counter

import pytest

from webapp.content.generate import TIERS, TYPES, generate

from tests.conftest import examples

from .generated_audit import faults

SEEDS = 2000


def audit(tier: int, seeds) -> tuple[int, Counter, dict]:
    counts: Counter = Counter()
    example: dict = {}
    asked = 0
    for seed in seeds:
        for q in generate(tier, len(TYPES), seed):
            asked += 1
            for kind in faults(q):
                counts[kind] += 1
                example.setdefault(kind, q["id"])
    return asked, counts, example


@pytest.mark.parametrize("tier", TIERS)
def test_generated_questions_have_true_premises_cited_rules_and_sums(tier):
    step = SEEDS // examples(SEEDS)
    asked, counts, example = audit(tier, range(tier % step, SEEDS * step, step)[:examples(SEEDS)])
    assert asked >= examples(SEEDS) * len(TYPES)
    assert not counts, f"tier {tier}: {asked} questions, faults {dict(counts)}, e.g. {example}"
