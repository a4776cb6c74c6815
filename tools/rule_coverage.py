#!/usr/bin/env python3
"""List the rule IDs of docs/RULES.md that no test proves yet.

A test proves rule LEG-19 when its function name contains LEG_19 (e.g.
test_LEG_19_mate_cannot_be_attacked). With --junit REPORT.xml only tests
that passed in that pytest report count.

usage: rule_coverage.py [--tests DIR] [--junit REPORT.xml] [--strict]
Prints one line per uncovered ID, then 'covered: N/M'. --strict exits 1
when any ID is uncovered.
"""
import argparse
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

HERE = pathlib.Path(__file__).resolve().parent
RULES = HERE.parent / "docs" / "RULES.md"
ID_RE = re.compile(r"^- ([A-Z]+-\d\d) ", re.MULTILINE)
TEST_RE = re.compile(r"^\s*(?:async\s+)?def\s+(test\w*)", re.MULTILINE)


def rule_ids():
    return ID_RE.findall(RULES.read_text(encoding="utf-8"))


def test_names_from_source(tests_dir):
    names = set()
    for path in pathlib.Path(tests_dir).rglob("*.py"):
        names.update(TEST_RE.findall(path.read_text(encoding="utf-8", errors="replace")))
    return names


def test_names_from_junit(report):
    names = set()
    for case in ET.parse(report).getroot().iter("testcase"):
        if any(child.tag in ("failure", "error", "skipped") for child in case):
            continue
        names.add(case.get("name", "").split("[")[0])
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tests", default="tests")
    ap.add_argument("--junit")
    ap.add_argument("--strict", action="store_true")
    args = ap.parse_args()
    ids = rule_ids()
    names = test_names_from_junit(args.junit) if args.junit else test_names_from_source(args.tests)
    blob = "\n".join(names)
    missing = []
    for rid in ids:
        token = rid.replace("-", "_")
        if not re.search(r"(?<![A-Z])" + token + r"(?!\d)", blob):
            missing.append(rid)
    for rid in missing:
        print(f"uncovered: {rid}")
    print(f"covered: {len(ids) - len(missing)}/{len(ids)}")
    return 1 if (args.strict and missing) else 0


if __name__ == "__main__":
    sys.exit(main())
