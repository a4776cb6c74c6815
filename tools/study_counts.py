#!/usr/bin/env python3
"""Count the verdicts of the product study in docs/card-language-coverage.md.

Reads every table under the "## Study of six products" and "## Study (2026-12): ..." sections
(STUDIES): one table per product
(its "### " heading), one row per card, or per card range ("011-014" with four names: four
cards; a row naming one of our ids counts one card whatever its number column says). A
verdict is full, partial, not expressible or pending (the first word of the verdict column).

usage: study_counts.py [--write] [--check]
Prints the summary table. --write replaces the text between the doc's study-summary markers
with it; --check exits 1 when that text differs (tests/cards/test_study_summary.py).
"""
import argparse
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
DOC = HERE.parent / "docs" / "card-language-coverage.md"
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
    table = summary(text)
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
