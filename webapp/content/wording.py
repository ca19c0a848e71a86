"""Checks on the words themselves (`trample lessons check`), for mistakes a judge caught once.

The rules core re-derives every key (verify.py); these catch what it can't see in prose:

- a known wrong statement coming back (``MISSTATEMENTS``: each names the rule that refutes it);
- a rule number cited in a text that has no note in lessons/rules.toml (702.80b for wither);
- an English ability name left in Japanese text ("trample over planeswalkers");
- a French number placeholder that governs a plural (« 1 sont assignées »);
- Western punctuation in a Japanese sentence of the UI catalog;
- a step that keys banding's open question (may the defending player put a trampler's excess
  damage on themselves?) as if it were settled.

Each check reads one file (or one step) and answers None or every fault in it at once.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..rules.messages import ABILITY_LABELS
from .texts import LANGUAGES

CATALOGS = Path(__file__).parents[1] / "translations"


@dataclass(frozen=True)
class Misstatement:
    pattern: str  # a regular expression, matched case-insensitively on one line
    why: str      # what is wrong, with the rule that says so

    def search(self, line: str):
        return re.search(self.pattern, line, re.IGNORECASE)


# Statements a judge corrected (issue 21), in every language they were written in.
MISSTATEMENTS = (
    Misstatement(r"only the \w+ deals damage now|seul le \w+ inflige des blessures maintenant"
                 r"|今ダメージを与えるのは\w+だけ",
                 "in the regular damage step the blockers without first strike deal their damage "
                 "too (510.4, 702.7b)"),
    Misstatement(r"510\.4 (keeps|laisse)|そのダメージが残るのはルール510\.4",
                 "damage stays marked because of 120.6, not 510.4"),
    Misstatement(r"still attacking it|l’attaque toujours|まだそれを攻撃している",
                 "once the planeswalker or battle it attacked has left combat, the creature is "
                 "attacking nothing (506.4c)"),
    Misstatement(r"Root-breaker", "the card is Rootbreaker Wurm"),
    Misstatement(r"never damages the player|n'inflige jamais de blessures au joueur"
                 r"|ブロックされたらプレイヤーにダメージを与えられません",
                 "a card can let a blocked creature assign its damage as though it weren't "
                 "blocked (Thorn Elemental); say its damage goes only to its blockers (510.1c)"),
    Misstatement(r"(until combat ends|for the rest of combat|jusqu'à la fin du combat) "
                 r"\((rule |règle )?509\.1h\)"
                 r"|(戦闘が終わるまでそのまま|戦闘の終わりまでブロックされたまま)です（ルール509\.1h）",
                 "509.1h has exceptions: the attacker itself removed from combat, or an effect "
                 "that makes it unblocked"),
    Misstatement(r"always gives the most a deathtouch|donne toujours le maximum qu'une créature "
                 r"avec le contact mortel|いつでも正しく出せる目安",
                 "power minus the blockers still short of lethal fails with a shared blocker "
                 "(another attacker's damage counts) and can't go below 0"),
    Misstatement(r"deals 4 damage to your opponent's Llanowar Elves|inflige 4 blessures au "
                 r"Llanowar Elves|Llanowar Elves（1/1）に4点を与え",
                 "with Ram Through the Rhino deals 1 to the Elves and 3 to their controller: "
                 "the excess is dealt elsewhere, not dealt to the Elves first (120.4a)"),
    Misstatement(r"reminder text grew to include|texte de rappel du piétinement s'est allongé|"
                 r"注釈文もバトルを含む",
                 "not checked against printed cards: say what the rules (702.19b) say"),
    Misstatement(r"counts as lethal for Wall of Wood in this assignment|combien de blessures sont "
                 r"mortelles pour Wall of Wood|Wall of Woodにとって致死ダメージになるのは何点",
                 "1 or 3 both count as lethal: ask for the least Alice must assign"),
)


def misstatements(text: str) -> list[str]:
    """'line N: why' for each known wrong statement in `text`."""
    return misstatements_in(enumerate(text.splitlines(), start=1))


def misstatements_in(lines) -> list[str]:
    out = []
    for number, line in lines:
        for m in MISSTATEMENTS:
            hit = m.search(line)
            if hit:
                out.append(f"line {number}: “{hit.group(0)}” is wrong: {m.why}")
    return out


RULE_NUMBER = re.compile(r"(?<![\d.])(\d{3}\.\d{1,3}[a-z]?)(?!\d)")


def uncited(lines, notes: set[str]) -> list[str]:
    """'line N: rule X has no note' for each rule number a text cites that lessons/rules.toml
    doesn't explain (a section such as 702.80 counts when one of its rules has a note). A
    glossary term's own `rule = ` field is the glossary's business, not a citation."""
    known = notes | {n.rstrip("abcdefghijklmnopqrstuvwxyz") for n in notes}
    out = []
    for number, line in lines:
        if line.startswith("rule ="):
            continue
        for rule in RULE_NUMBER.findall(line):
            if rule not in known:
                out.append(f"line {number}: rule {rule} has no note in rules.toml: cite the rule "
                           "that says it (wither's effect is 702.80a), or add its note")
    return out


def rule_notes(root: Path) -> set[str]:
    try:
        return set(tomllib.loads((root / "rules.toml").read_text(encoding="utf-8")).get("en", {}))
    except (OSError, tomllib.TOMLDecodeError):
        return set()  # the loader reports a missing or broken rules.toml


ENGLISH_ABILITIES = re.compile(
    r"\b(" + "|".join(sorted((re.escape(label.lower()) for label in ABILITY_LABELS.values()),
                             key=len, reverse=True)) + r")\b", re.IGNORECASE)


def english_abilities(lines) -> list[str]:
    """'line N: «word»' for each English ability name in Japanese text (a `## key` heading,
    a TOML table or key is an id, not text)."""
    out = []
    for number, line in lines:
        if line.startswith(("## ", "[")):
            continue
        text = line.split(" = ", 1)[1] if re.match(r"^[\w.-]+ = ", line) else line
        text = text.replace("Trample Trainer", "")  # the app's name, not the ability
        for word in ENGLISH_ABILITIES.findall(text):
            out.append(f"line {number}: the English ability name “{word}” in Japanese text: "
                       "use its Japanese name (lessons/terminology.toml)")
    return out


# A placeholder that holds a number (0 and 1 take the singular in French), and what it may not
# govern in a sentence that has no plural forms (use ngettext, or word it without agreement).
_NUMBER = (r"(?:%\((?:n|amount|has|needs|marked|power|assigned|loyalty|most)\)s"
           r"|(?<![\d,.])[01](?![\d,.]))")
FRENCH_AGREEMENT = re.compile(
    _NUMBER + r" (?:sont|ont|blessures|marqueurs|assignées|mortelles)\b"
    r"|\b(?:les|ses) " + _NUMBER + r"(?! ?%)"
    r"|" + _NUMBER + r" des blessures de \S+ (?:peuvent|sont)\b")


def french_agreement(lines) -> list[str]:
    """'line N: «1 sont»' for each number that a French plural can't follow."""
    return [f"line {number}: “{hit.group(0)}”: a number may be 0 or 1, which take the singular "
            "in French: use ngettext, or word it without agreement (« total assigné : 1 »)"
            for number, line in lines for hit in FRENCH_AGREEMENT.finditer(line)]


def singular_lines(file: Path) -> list[tuple[int, str]]:
    """A catalog's messages without plural forms (those with them agree by themselves)."""
    return [(m.lineno, m.string.replace("\n", " ")) for m in _catalog(file)
            if m.id and not m.pluralizable and m.string]


_JP = r"[\u3040-\u30ff\u4e00-\u9fff]"
WESTERN_PUNCTUATION = re.compile(_JP + r"\s*[,:;.()]|[,:;()]\s*" + _JP)


def western_punctuation(lines) -> list[str]:
    """'line N: «…»' for ASCII , : ; . ( ) next to Japanese words (placeholders aside)."""
    out = []
    for number, line in lines:
        text = re.sub(r"%\(\w+\)s|\{\w*\}", "", line)
        out += [f"line {number}: “{hit.group(0)}”: Japanese sentences use 、。：（）"
                for hit in WESTERN_PUNCTUATION.finditer(text)]
    return out


def past_banding(board: dict, assignment: dict | None) -> list[str]:
    """'creature -> recipient' for each amount an attacker sends past a blocker with banding."""
    banding = {b["id"] for b in board.get("blockers", []) if "banding" in b.get("abilities", ())}
    out = []
    for attacker in board.get("attackers", []):
        blockers = set(attacker.get("blocked_by", ()))
        if not blockers & banding:
            continue
        for recipient, amount in (assignment or {}).get(attacker["id"], {}).items():
            if amount and recipient not in blockers:
                out.append(f"{attacker['id']} -> {recipient}")
    return out


def unsettled_banding(step) -> str | None:
    """A step may not teach as settled that the defending player, assigning a trampler's damage
    under banding (702.22j), may send some past the blockers: no official ruling says so, and
    702.22j speaks only of the creatures blocking it. Refused: a split shown or keyed as legal
    that does it, and a number asked for (predict, `max`, a `most` goal) that counts it."""
    if getattr(step, "board", None) is None:
        return None
    board = step.board_data()
    legal_splits = [getattr(step, "assignment", None), getattr(step, "solution", None)]
    if getattr(step, "legal", True) is False:
        legal_splits = []
    verify = getattr(step, "verify", None)
    for option in getattr(step, "options", ()) or ():
        if verify is not None and verify.kind in ("only-legal", "only-illegal") \
                and option.correct == (verify.kind == "only-legal"):
            legal_splits.append(option.assignment)
    faults = [f for split in legal_splits for f in past_banding(board, split)]
    asked = [getattr(step, "creature", None) and (step.creature, step.recipient)]
    goal = getattr(step, "goal", None)
    if getattr(goal, "kind", None) == "most":
        asked.append((goal.creature, goal.recipient))
    if verify is not None and verify.kind == "max":
        asked.append((verify.creature, verify.recipient))
    for pair in filter(None, asked):
        faults += past_banding(board, {pair[0]: {pair[1]: 1}})
    if not faults:
        return None
    return ("banding: no official ruling lets the defending player send a trampler's damage past "
            f"its blockers (702.22j), so no step may key it as settled: {', '.join(faults)}")


def text_files(root: Path) -> list[Path]:
    """Every file of lesson prose, quiz text, rule notes and glossary, in every language."""
    files = [*sorted(root.glob("*/*.md")), *sorted(root.glob("quizzes/tier-*.*.toml"))]
    files = [f for f in files if f.stem.split(".")[-1] in LANGUAGES and f.name != "README.md"]
    catalogs = sorted(CATALOGS.glob("*/LC_MESSAGES/messages.po"))
    return [*files, root / "rules.toml", root / "glossary.toml", *catalogs]


def key_checks(curriculum) -> list:
    """One check per text file (and per catalog), named `wording:<file>`."""
    from .verify import KeyCheck  # verify imports this module

    root = Path(curriculum.root)
    notes = rule_notes(root)
    out = [KeyCheck(f"{lesson.id}/{step.id}:banding", str(lesson.folder / "lesson.toml"),
                    f"steps[{i}]", lambda step=step: unsettled_banding(step))
           for lesson in curriculum.lessons for i, step in enumerate(lesson.steps)
           if getattr(step, "board", None) is not None]
    for file in text_files(root):
        if file.is_file():
            out.append(KeyCheck(f"wording:{_short(file, root)}", str(file), "text",
                                lambda file=file: _joined(_faults(file, notes))))
    return out


def _faults(file: Path, notes: set[str]) -> list[str]:
    lines = numbered_lines(file)
    faults = misstatements_in(lines)
    if file.suffix != ".po" and file.name != "rules.toml":
        faults += uncited(lines, notes)
    if _language(file) == "ja":
        faults += english_abilities(lines)
        if file.suffix == ".po":
            faults += western_punctuation(lines)
    if _language(file) == "fr":
        faults += french_agreement(singular_lines(file) if file.suffix == ".po" else lines)
    return faults


def _language(file: Path) -> str | None:
    """A file's language when the whole file is in one (rules.toml and glossary.toml mix them:
    terminology.py checks their tables)."""
    if file.suffix == ".po":
        return file.parents[1].name
    code = file.stem.split(".")[-1]
    return code if code in LANGUAGES else None


def _short(file: Path, root: Path) -> str:
    return str(file.relative_to(root) if file.is_relative_to(root) else file.relative_to(CATALOGS))


def numbered_lines(file: Path) -> list[tuple[int, str]]:
    """(line number, text) to check: a catalog's translations one message each (a .po file wraps
    them) at the message's line, any other file line by line."""
    if file.suffix != ".po":
        return list(enumerate(file.read_text(encoding="utf-8").splitlines(), start=1))
    return [(message.lineno, form.replace("\n", " ")) for message in _catalog(file)
            if message.id for form in _forms(message)]


def _catalog(file: Path):
    from babel.messages.pofile import read_po

    with file.open("rb") as src:
        return list(read_po(src))


def _forms(message) -> tuple[str, ...]:
    return tuple(filter(None, message.string if isinstance(message.string, tuple)
                        else (message.string,)))


def _joined(faults: list[str]) -> str | None:
    return "; ".join(faults) or None
