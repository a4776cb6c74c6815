#!/usr/bin/env python3
"""Count the verdicts of the product study in docs/card-language-coverage.md and docs/boosters/.

Reads every table under the "## Study of six products" and "## Study (2026-12): ..." sections
(STUDIES): one table per product
(its "### " heading), one row per card, or per card range ("011-014" with four names: four
cards; a row naming one of our ids counts one card whatever its number column says). A
verdict is full, partial, not expressible or pending (the first word of the verdict column).

The whole main boosters (docs/boosters/*.md, one "### <set code> ..." table each, the `no.`
column a three-digit card number) are counted in a second table, one row per set code, each
card (set code, number) once. The last line counts every card of every table once: a card an
earlier table studied (its `no.` written "D-BT01/001", or a plain number under a heading that
starts with the set code) and its whole booster studied again is counted with the booster's
verdict.

usage: study_counts.py [--write] [--check]
Prints the summary tables. --write replaces the text between the doc's study-summary markers
with it; --check exits 1 when that text differs (tests/cards/test_study_summary.py).
"""
import argparse
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
DOC = HERE.parent / "docs" / "card-language-coverage.md"
BOOSTERS = HERE.parent / "docs" / "boosters"
SET_CODE = re.compile(r"^([A-Z][A-Z0-9]*(?:-[A-Z]+)?\d+)\b")
NUMBERED = re.compile(r"^([A-Z][A-Z0-9]*(?:-[A-Z]+)?\d+)/(\d{3})$")
BEGIN, END = "<!-- study-summary: tools/study_counts.py --write -->", "<!-- /study-summary -->"
VERDICTS = ("full", "partial", "not expressible", "pending")
OUR_ID = re.compile(r"^\(?P[A-Z]-\d+")
RANGE = re.compile(r"^(\d+)-(\d+)$")
STUDIES = ("## Study of six products", "## Study (2026-12):")


def products(text):
    """[(product heading, [(cards, verdict, our name), ...])] of the study sections."""
    out, heading, in_study = [], None, False
    for line in text.splitlines():
        if line.startswith("## "):
            in_study = line.startswith(STUDIES)
            heading = None
        elif in_study and line.startswith("### "):
            heading = line[4:].split(" — ")[0].strip()
            out.append((heading, []))
        elif in_study and heading and line.startswith("| ") and not line.startswith("|--"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 4 or cells[3] in ("verdict",) or set(cells[0]) <= {"-"}:
                continue
            verdict = next((v for v in VERDICTS if cells[3].strip("*").startswith(v)), None)
            if verdict is None:
                raise SystemExit(f"unknown verdict {cells[3]!r} in {heading}")
            out[-1][1].append((_cards(cells[0], cells[1]), verdict, cells[1]))
    return [p for p in out if p[1]]


def _cards(number, name):
    """How many cards a row stands for: one per number of a range, unless it names our id."""
    match = RANGE.match(number)
    if OUR_ID.match(name) or match is None:
        return 1
    return int(match.group(2)) - int(match.group(1)) + 1


def booster_cards(texts):
    """{set code: {number: (verdict, our name)}} of the whole-booster tables in `texts`."""
    out = {}
    for text in texts:
        for heading, cards in _tables(text):
            code = SET_CODE.match(heading)
            if code is None:
                raise SystemExit(f"a booster table's heading must start with its set code: "
                                 f"{heading!r}")
            seen = out.setdefault(code.group(1), {})
            for number, verdict, name in cards:
                if not re.fullmatch(r"\d{3}", number):
                    raise SystemExit(f"{heading}: card number {number!r} is not three digits")
                if number in seen:
                    raise SystemExit(f"{heading}: card {number} has two rows")
                seen[number] = (verdict, name)
    return out


def _tables(text):
    """[(heading, [(number, verdict, name), ...])] of every '### ' table of a booster file."""
    out, heading = [], None
    for line in text.splitlines():
        if line.startswith("### "):
            heading = line[4:].split(" — ")[0].strip()
            out.append((heading, []))
        elif heading and line.startswith("| ") and not line.startswith("|--"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 4 or cells[3] == "verdict" or set(cells[0]) <= {"-"}:
                continue
            verdict = next((v for v in VERDICTS if cells[3].strip("*").startswith(v)), None)
            if verdict is None:
                raise SystemExit(f"unknown verdict {cells[3]!r} in {heading}")
            out[-1][1].append((cells[0], verdict, cells[1]))
    return [t for t in out if t[1]]


def _earlier_keys(text):
    """{(set code, number): verdict} of the earlier product tables' rows that name one card of
    a set: 'D-BT01/001', or '005' under a heading that starts with the set code."""
    keys = {}
    heading, in_study = None, False
    for line in text.splitlines():
        if line.startswith("## "):
            in_study, heading = line.startswith(STUDIES), None
        elif in_study and line.startswith("### "):
            heading = line[4:].split(" — ")[0].strip()
        elif in_study and heading and line.startswith("| ") and not line.startswith("|--"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 4 or cells[3] == "verdict":
                continue
            numbered, code = NUMBERED.match(cells[0]), SET_CODE.match(heading)
            if numbered:
                keys[(numbered.group(1), numbered.group(2))] = cells[3]
            elif code and re.fullmatch(r"\d{3}", cells[0]):
                keys[(code.group(1), cells[0])] = cells[3]
    return keys


def booster_summary(text, booster_texts):
    """The whole boosters' table by set code, and the line counting every card once."""
    boosters = booster_cards(booster_texts)
    rows = ["| set | cards | full | partial | not expressible | pending |",
            "|---|---|---|---|---|---|"]
    totals = dict.fromkeys(VERDICTS, 0)
    lost = []
    for code in sorted(boosters):
        counts = dict.fromkeys(VERDICTS, 0)
        for number, (verdict, name) in sorted(boosters[code].items()):
            counts[verdict] += 1
            if verdict != "full":
                lost.append(f"{code}/{number} {name} ({verdict})")
        for v in VERDICTS:
            totals[v] += counts[v]
        rows.append(f"| {code} | {sum(counts.values())} | "
                    + " | ".join(str(counts[v]) for v in VERDICTS) + " |")
    total = sum(totals.values())
    rows.append(f"| **all** | **{total}** | "
                + " | ".join(f"**{totals[v]}**" for v in VERDICTS) + " |")
    share = 100.0 * totals["full"] / total if total else 0.0
    rows += ["", f"Whole boosters: {totals['full']} of {total} cards full ({share:.1f}%); "
             "cards not full: " + ("; ".join(lost) if lost else "none") + "."]
    earlier = sum(n for _, cards in products(text) for n, _, _ in cards)
    earlier_full = sum(n for _, cards in products(text) for n, v, _ in cards if v == "full")
    again = [key for key in _earlier_keys(text) if key[1] in boosters.get(key[0], {})]
    again_full = sum(1 for key in again if _earlier_keys(text)[key].startswith("full"))
    every = earlier - len(again) + total
    every_full = earlier_full - again_full + totals["full"]
    rows.append(f"Every study, each card once ({len(again)} cards of the product tables "
                f"studied again in their whole booster): {every_full} of {every} full "
                f"({100.0 * every_full / every if every else 0.0:.1f}%).")
    return "\n".join(rows)


def booster_texts():
    """The texts of docs/boosters/*.md, in name order."""
    return [p.read_text(encoding="utf-8") for p in sorted(BOOSTERS.glob("*.md"))]


def summary(text):
    """The summary table (markdown) of the study's products and their totals."""
    rows = ["| product | cards | full | partial | not expressible | pending |",
            "|---|---|---|---|---|---|"]
    totals = dict.fromkeys(VERDICTS, 0)
    lost = []
    for heading, cards in products(text):
        counts = dict.fromkeys(VERDICTS, 0)
        for n, verdict, name in cards:
            counts[verdict] += n
            if verdict != "full":
                lost.append(f"{name} ({heading}: {verdict})")
        for v in VERDICTS:
            totals[v] += counts[v]
        rows.append(f"| {heading} | {sum(counts.values())} | "
                    + " | ".join(str(counts[v]) for v in VERDICTS) + " |")
    total = sum(totals.values())
    rows.append(f"| **all** | **{total}** | "
                + " | ".join(f"**{totals[v]}**" for v in VERDICTS) + " |")
    share = 100.0 * totals["full"] / total if total else 0.0
    rows.append("")
    rows.append(f"{totals['full']} of {total} cards full ({share:.1f}%); cards not full: "
                + ("; ".join(lost) if lost else "none") + ".")
    return "\n".join(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = DOC.read_text(encoding="utf-8")
    table = summary(text) + "\n\n" + booster_summary(text, booster_texts())
    if args.write or args.check:
        if BEGIN not in text or END not in text:
            raise SystemExit(f"{DOC}: the markers {BEGIN} ... {END} are missing")
        head, rest = text.split(BEGIN, 1)
        old, tail = rest.split(END, 1)
        if args.check:
            if old.strip() != table:
                print(f"{DOC}: the study summary is stale: run tools/study_counts.py --write")
                sys.exit(1)
        else:
            DOC.write_text(f"{head}{BEGIN}\n{table}\n{END}{tail}", encoding="utf-8")
    print(table)


if __name__ == "__main__":
    main()
