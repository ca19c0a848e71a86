"""Quiz questions in one shape, whatever their source.

A quiz lists its questions as references (stored with the quiz and with each attempt):
    {"bank": "t1-hurt-bears-most"}                the bank's question, by its stable id
    {"gen": [tier, seed, position]}               a generated question (same on every machine)
    {"own": {...}}                                a judge's own question, in the bank's format
                                                  with its text inline (imported, or built on a
                                                  sandbox board)
`resolve(ref, lang)` turns any of them into the dict the quiz pages, grading and the API use (the
generator's shape: id, tier, type, prompt, board, answer, rules, explanation, options, goal,
example). `to_spec(question)` writes any resolved question back in the bank's format, which is
what a quiz file holds. Pure: no Flask, no database.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from pydantic import ValidationError

from .bank import DEFAULT_BANK_DIR, Bank, BankQuestion, load_bank
from .bank_keys import assign_target, key_problems
from .generate import _, question_at, split_words, translated, translating
from .texts import DEFAULT_LANGUAGE


class QuestionError(ValueError):
    """A reference or an own question that can't be used (unknown id, bad data, a wrong key)."""


@lru_cache(maxsize=1)
def default_bank() -> Bank:
    """The bank of the lessons shipped with the app, loaded (and every key checked) once per
    process: for callers with no app (the CLI, scripts). The app passes its own catalogue's bank
    (webapp.catalogue), read from its LESSONS_DIR."""
    return load_bank(DEFAULT_BANK_DIR)


def resolve(ref: dict, lang: str = DEFAULT_LANGUAGE,
            translate: Callable[[str], str] | None = None, *, bank: Bank | None = None) -> dict:
    """The question a reference names, in `lang`. Bank and own questions carry their own text
    per language (English where a language lacks a part); generated questions and the words the
    app writes around them (split descriptions, "Rule 702.19b") come from `translate`, the
    catalogs' gettext for `lang` (English without it). `langs` says which language each text
    part is in, so a page can mark English left in a French page."""
    bank = bank or default_bank()
    with translated(translate if lang != DEFAULT_LANGUAGE and translate else str,
                    lang if translate is not None else DEFAULT_LANGUAGE):
        if "bank" in ref:
            q = bank.get(str(ref["bank"]))
            if q is None:
                raise QuestionError(f"no bank question {ref['bank']!r}")
            return from_bank(q, bank.texts.get(q.id, {}), lang, source="bank")
        if "gen" in ref:
            tier, seed, position = ref["gen"]
            said = lang if translate is not None else DEFAULT_LANGUAGE
            question = question_at(int(tier), int(seed), int(position))
            return {**question, "source": "generated",
                    "langs": {"prompt": said, "explanation": said, "made": said},
                    **({"options": [{**o, "lang": said} for o in question["options"]]}
                       if "options" in question else {})}
        if "own" in ref:
            q = own_question(ref["own"])
            return from_bank(q, q.text, lang, source="own")
    raise QuestionError("a question reference names bank, gen or own")


SOURCES = ("mixed", "bank", "generated")


def draw(tier: int, count: int, seed: int, source: str = "mixed", *,
         bank: Bank | None = None) -> list[dict]:
    """`count` questions of a tier as references, the same for the same seed: from the bank, the
    generator, or both (about half each, as far as the bank goes), in an order of the seed's own.
    From the bank alone there are at most as many as it has."""
    rng = random.Random(f"trample-quiz-draw/{tier}/{seed}")
    ids = sorted(q.id for q in (bank or default_bank()).of_tier(tier))
    rng.shuffle(ids)
    from_bank = {"bank": min(count, len(ids)), "generated": 0}.get(
        source, min(len(ids), (count + 1) // 2))
    refs = [{"bank": i} for i in ids[:from_bank]]
    if source != "bank":
        refs += [{"gen": [tier, seed, n]} for n in range(1, count - from_bank + 1)]
    rng.shuffle(refs)
    return refs


def own_question(spec: dict) -> BankQuestion:
    """A judge's question in the bank's format, validated and re-keyed by the rules core."""
    try:
        q = BankQuestion.model_validate(spec)
    except ValidationError as err:
        first = err.errors()[0]
        raise QuestionError(f"{'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    if DEFAULT_LANGUAGE not in q.text:
        raise QuestionError("the question has no English text")
    problems = key_problems(q)
    if problems:
        raise QuestionError(problems[0])
    return q


def from_bank(q: BankQuestion, texts: dict, lang: str, *, source: str) -> dict:
    """A bank-format question (its texts by language) in the quiz's question shape."""
    english = texts.get(DEFAULT_LANGUAGE)
    local = texts.get(lang) or english

    def pick_in(field: str, key: str | None = None) -> tuple[str | None, str]:
        """The text and the language it is in."""
        for text, in_lang in ((local, lang if local is not english else DEFAULT_LANGUAGE),
                              (english, DEFAULT_LANGUAGE)):
            value = getattr(text, field) if text is not None else None
            if key is not None:
                value = (value or {}).get(key)
            if value:
                return value, in_lang
        return None, DEFAULT_LANGUAGE

    def option_text(o) -> tuple[str, str]:
        text, in_lang = pick_in("options", o.id)
        if text:
            return text, in_lang
        # Made by the app (a number, "Rule 702.19b", a split in words): the page's language.
        return _option_label(q, o), lang if translating() else DEFAULT_LANGUAGE

    board = dict(q.board) if q.board is not None else None
    shown = board if board is None or q.assignment is None or q.type not in ("legal", "rule") \
        else {**board, "assignment": q.assignment}
    options = [{"id": o.id, **dict(zip(("text", "lang"), option_text(o))),
                "why": pick_in("why", o.id)[0] or "", "why_lang": pick_in("why", o.id)[1],
                **({"assignment": o.assignment} if o.assignment is not None else {}),
                **({"rule": o.rule} if o.rule is not None else {}),
                **({"amount": o.amount} if o.amount is not None else {})}
               for o in q.options]
    prompt, explanation = pick_in("prompt"), pick_in("explanation")
    out = {"id": q.id, "tier": q.tier, "type": q.type, "prompt": prompt[0],
           "board": shown, "answer": q.key(), "rules": list(q.rules),
           "explanation": explanation[0], "source": source,
           "langs": {"prompt": prompt[1], "explanation": explanation[1],
                     "made": lang if translating() else DEFAULT_LANGUAGE}}
    if options:
        out["options"] = options
    if q.verify is not None:
        out["verify"] = q.verify.model_dump(exclude_defaults=False)
    if q.type == "assign":
        goal = q.goal.model_dump()
        out["goal"] = goal
        out["answer"] = assign_target(q)
        out["example"] = q.example
        out["example_words"] = split_words(q.board, q.example)
        names = {b["id"]: b["name"] for b in q.board.get("blockers", [])}
        out["lethal_names"] = ", ".join(names[b] for b in q.goal.lethal or ()) or "—"
    return out


def _option_label(q: BankQuestion, option) -> str:
    if option.rule is not None:
        return _("Rule %(rule)s", rule=option.rule)
    if option.amount is not None:
        return str(option.amount)
    return split_words(q.board, option.assignment)


def to_spec(question: dict) -> dict:
    """A resolved question in the bank's format with its English text inline: what a quiz file
    holds (an imported file becomes `own` questions, keyed again by the core)."""
    kind = question["type"]
    board = {k: v for k, v in (question.get("board") or {}).items() if k != "assignment"} or None
    spec: dict = {"id": question["id"].lower().replace(":", "-")[:60], "tier": question["tier"],
                  "type": kind, "rules": list(question["rules"])}
    if board is not None:
        spec["board"] = board
    judged = (question.get("board") or {}).get("assignment")
    if judged is not None:
        spec["assignment"] = judged
    text = {"prompt": question["prompt"], "explanation": question["explanation"]}
    if kind in ("number", "legal"):
        spec["answer"] = question["answer"]
    if kind == "number":
        spec["verify"] = question["verify"]
    if "verify" in question and kind == "one":
        spec["verify"] = question["verify"]
    if kind == "assign":
        spec["goal"] = {k: v for k, v in question["goal"].items() if v is not None}
        spec["example"] = question["example"]
    options = question.get("options") or []
    if options:
        spec["options"], text["options"], text["why"] = _spec_options(question, options)
    spec["text"] = {DEFAULT_LANGUAGE: text}
    return spec


def _spec_options(question: dict, options: list[dict]) -> tuple[list, dict, dict]:
    key = question["answer"]
    right = set(key) if isinstance(key, list) else {key}
    out, labels, why = [], {}, {}
    for i, o in enumerate(options):
        oid = o["id"] if o["id"].replace("-", "").isalnum() and o["id"].islower() else "abcdef"[i]
        entry = {"id": oid, "correct": o["id"] in right}
        if question["type"] == "rule":
            entry["rule"] = o.get("rule", o["id"])  # a generated one's id is its rule
            shown = f"Rule {entry['rule']}"
        elif "assignment" in o:
            entry["assignment"] = o["assignment"]
            shown = split_words(question["board"], o["assignment"])
        elif question["type"] == "one" and question.get("verify", {}).get("kind") in ("max",
                                                                                       "lethal"):
            entry["amount"] = o.get("amount", int(o["text"]) if o["text"].isdigit() else 0)
            shown = str(entry["amount"])
        else:
            shown = None
        if o["text"] != shown:  # a label of its own, kept
            labels[oid] = o["text"]
        why[oid] = o.get("why") or ("The right answer." if entry["correct"] else
                                    "Not this one: see the explanation.")
        out.append(entry)
    return out, labels, why
