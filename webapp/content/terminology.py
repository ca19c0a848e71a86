"""The game's terms in each language (lessons/terminology.toml), and the check that French and
Japanese text uses them: lesson prose (fr.md, ja.md), rule notes (rules.toml) and UI catalogs.

A term's known wrong translations are listed per row (`avoid_fr`, `avoid_ja`); every one found in
that language's text is a problem naming the term to use instead ("dégâts" -> "blessures").
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .model import Problem

FILE = "terminology.toml"
TRANSLATED = ("fr", "ja")
_ROW_KEYS = {"en", "fr", "ja", "rule", "seeds", "avoid_fr", "avoid_ja", "note"}
_RULE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")
CATALOGS = Path(__file__).parents[1] / "translations"


@dataclass(frozen=True)
class Term:
    en: str
    words: dict[str, str]            # language -> the term ("" when we know none for sure)
    rule: str
    seeds: tuple[str, ...]           # languages whose term the seed pages give
    avoid: dict[str, tuple[str, ...]]  # language -> wrong translations
    note: str = ""


def load_terms(lessons_dir: Path, problems: list[Problem]) -> list[Term]:
    """Read and validate terminology.toml; each bad row is a problem, the good rows are kept."""
    file = Path(lessons_dir) / FILE
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        problems.append(Problem(str(file), "-", "file is missing"))
        return []
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        problems.append(Problem(str(file), "-", f"not valid TOML: {err}"))
        return []
    terms = []
    for n, row in enumerate(data.get("terms", [])):
        field = f"terms[{n}]"
        trouble = _row_trouble(row)
        if trouble:
            problems.append(Problem(str(file), field, trouble))
            continue
        terms.append(Term(row["en"], {lang: row.get(lang, "") for lang in TRANSLATED},
                          row["rule"], tuple(row["seeds"]),
                          {lang: tuple(row.get(f"avoid_{lang}", ())) for lang in TRANSLATED},
                          row.get("note", "")))
    return terms


def _row_trouble(row) -> str | None:
    if not isinstance(row, dict):
        return "each term is a [[terms]] table"
    if set(row) - _ROW_KEYS:
        return f"unknown field(s): {', '.join(sorted(set(row) - _ROW_KEYS))}"
    if not isinstance(row.get("en"), str) or not row["en"].strip():
        return "en: the English term is required"
    if not isinstance(row.get("rule"), str) or not _RULE.match(row["rule"]):
        return "rule: a rule number such as 702.19b"
    seeds = row.get("seeds")
    if not isinstance(seeds, list) or set(seeds) - set(TRANSLATED):
        return "seeds: a list of the languages the seed pages give the term in: fr, ja"
    for lang in TRANSLATED:
        if not isinstance(row.get(lang, ""), str):
            return f"{lang}: text"
        if lang in seeds and not row.get(lang):
            return f"seeds: says {lang} comes from the seeds, but {lang} is empty"
        avoid = row.get(f"avoid_{lang}", [])
        if not isinstance(avoid, list) or not all(isinstance(w, str) and w.strip() for w in avoid):
            return f"avoid_{lang}: a list of words"
    return None


def _pattern(word: str, lang: str) -> re.Pattern:
    if lang == "ja":  # no spaces between words: any occurrence counts (an English word, any case)
        return re.compile(re.escape(word), re.IGNORECASE if word.isascii() else 0)
    return re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)", re.IGNORECASE)


def check_text(terms: list[Term], lang: str, text: str, path: str,
               first_line: int = 1) -> list[Problem]:
    """Every avoided word in `text` (a file's lines, numbered from first_line), with the term."""
    found = []
    checks = [(term, word, _pattern(word, lang)) for term in terms for word in term.avoid[lang]]
    for number, line in enumerate(text.splitlines(), start=first_line):
        for term, word, pattern in checks:
            hit = pattern.search(line)
            if hit:
                found.append(Problem(path, f"line {number}", _advice(term, lang, hit.group(0))))
    return found


def _advice(term: Term, lang: str, said: str) -> str:
    quote = ("« {} »" if lang == "fr" else "「{}」").format
    return (f"{quote(said)}: say {quote(term.words[lang])} ({term.en}, rule {term.rule}; "
            f"{FILE})")


def check_terms(lessons_dir: str | Path, catalogs: Path = CATALOGS) -> list[Problem]:
    """The terminology file itself, then every French and Japanese text against it."""
    root = Path(lessons_dir)
    problems: list[Problem] = []
    if not root.is_dir():  # collect() already said so
        return problems
    terms = load_terms(root, problems)
    for lang in TRANSLATED:
        for file in [*sorted(root.glob(f"*/{lang}.md")),
                     *sorted(root.glob(f"quizzes/tier-*.{lang}.toml"))]:
            problems += check_text(terms, lang, file.read_text(encoding="utf-8"), str(file))
        problems += _check_rule_notes(terms, lang, root / "rules.toml")
        problems += _check_tables(terms, lang, root / "glossary.toml", f"[terms.{lang}]")
        problems += _check_catalog(terms, lang, catalogs / lang / "LC_MESSAGES" / "messages.po")
    return problems


def _check_rule_notes(terms: list[Term], lang: str, file: Path) -> list[Problem]:
    """rules.toml's [fr] / [ja] table: lines are checked where they are in the file."""
    return _check_tables(terms, lang, file, f"[{lang}]")


def _check_tables(terms: list[Term], lang: str, file: Path, header: str) -> list[Problem]:
    """The lines of a TOML file's tables named `header` (e.g. glossary.toml's [terms.fr])."""
    if not file.is_file():
        return []
    lines = file.read_text(encoding="utf-8").splitlines()
    found, inside = [], False
    for number, line in enumerate(lines, start=1):
        if line.startswith("["):
            inside = line.strip() == header
        elif inside:
            found += check_text(terms, lang, line, str(file), number)
    return found


def _check_catalog(terms: list[Term], lang: str, file: Path) -> list[Problem]:
    if not file.is_file():
        return []
    from babel.messages.pofile import read_po

    with file.open("rb") as src:
        catalog = read_po(src)
    found = []
    for message in (m for m in catalog if m.id):
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in filter(None, forms):
            found += check_text(terms, lang, form, str(file), message.lineno or 1)
    return found
