"""The product study's summary (docs/card-language-coverage.md) is counted from its tables by
tools/study_counts.py, never typed: the doc's summary block must be what the script counts, and
the script must count what the tables say (a table row changed to partial shows in the total)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "tools" / "study_counts.py"


def _script():
    spec = importlib.util.spec_from_file_location("study_counts", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_doc_summary_is_what_the_tables_count():
    """`--check` passes on the doc as committed (run `--write` after changing a table)."""
    done = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_count_follows_a_changed_verdict_and_card_ranges():
    """A row turned partial is counted as partial and named; a trigger row '011-014' without
    our id counts four cards, a row naming our id one."""
    counts = _script()
    text = (REPO / "docs" / "card-language-coverage.md").read_text(encoding="utf-8")
    before = dict(counts.products(text))
    d_sd02 = next(h for h in before if h.startswith("D-SD02"))
    assert sum(n for n, _, _ in before[d_sd02]) == 15
    assert any(n == 4 for n, _, _ in before[d_sd02])
    changed = text.replace("| 008 | Tumbling Barker | Acrobat Presenter | full |",
                           "| 008 | Tumbling Barker | Acrobat Presenter | partial |")
    assert changed != text
    summary = counts.summary(changed)
    assert "| D-SD02 \"Danji Momoyama\" (Dark States, Final Rush) | 15 | 14 | 1 | 0 | 0 |" \
        in summary
    total = sum(n for cards in before.values() for n, _, _ in cards)
    full = sum(n for cards in before.values() for n, verdict, _ in cards if verdict == "full")
    assert "Tumbling Barker" in summary and f"{full - 1} of {total} cards full" in summary


def test_the_later_study_sections_are_counted():
    """A "## Study (2026-12): ..." section counts like the six products: TD11 is 17 cards."""
    counts = _script()
    text = (REPO / "docs" / "card-language-coverage.md").read_text(encoding="utf-8")
    found = dict(counts.products(text))
    td11 = next(h for h in found if "TD11" in h)
    assert sum(n for n, _, _ in found[td11]) == 17
    hidden = text.replace("## Study (2026-12): Link Joker", "## Notes: Link Joker")
    assert not any("TD11" in h for h, _ in counts.products(hidden))


def test_the_overdress_and_v_booster_study_is_counted():
    """The "overDress and a V booster" section's two tables count as products: the overDress
    line 16 cards (15 full, D-BT03/001 partial), TD03 15 full; a row turned "not expressible"
    moves from full in the summary, and renaming the section out of the studies drops both."""
    counts = _script()
    text = (REPO / "docs" / "card-language-coverage.md").read_text(encoding="utf-8")
    found = dict(counts.products(text))
    overdress = next(h for h in found if h.startswith("D-BT01..D-BT04"))
    td03 = next(h for h in found if "TD03" in h)
    assert sum(n for n, _, _ in found[overdress]) == 16
    assert [name for _, verdict, name in found[overdress] if verdict != "full"] == [
        "Vermilia Expectans"]
    assert sum(n for n, verdict, _ in found[td03] if verdict == "full") == 15
    changed = text.replace("| 004 | Sovereign of Blades | King of Sword | full |",
                           "| 004 | Sovereign of Blades | King of Sword | not expressible |")
    assert changed != text
    assert f"| {td03} | 15 | 14 | 0 | 1 | 0 |" in counts.summary(changed)
    hidden = text.replace("## Study (2026-12): overDress and a V booster",
                          "## Notes: overDress and a V booster")
    assert not any("TD03" in h or h.startswith("D-BT01..") for h, _ in counts.products(hidden))


BOOSTER = """### D-BT01 "A booster" — whole booster, 3 of 4 full

| no. | our name | real name | verdict | how / what is missing | test |
|---|---|---|---|---|---|
| 001 | Vermilia Valorosa | Vairina Valiente | full | (studied in the overDress table) | — |
| 005 | Vesper Hierarch, Ordeveil | Cardinal Deus, Orfist | full | (studied in the set-order table) | — |
| 082 | not written | Lightning Thief Monster, Jabattail | not expressible | column attack | — |
| 120 | A Trigger | A Trigger | full | the rules' trigger | — |
"""


def test_a_whole_booster_counts_by_set_code_and_each_card_once():
    """A whole booster's rows are counted under their set code; a card an earlier table
    studied (D-BT01/001 by its 'set/number', 005 and 082 by a plain number under a heading
    starting 'D-BT01') counts once in the line over every study, with the booster's verdict."""
    counts = _script()
    text = (REPO / "docs" / "card-language-coverage.md").read_text(encoding="utf-8")
    table = counts.booster_summary(text, [BOOSTER])
    assert "| D-BT01 | 4 | 3 | 0 | 1 | 0 |" in table
    assert "D-BT01/082 not written (not expressible)" in table
    earlier = sum(n for _, cards in counts.products(text) for n, _, _ in cards)
    earlier_full = sum(n for _, cards in counts.products(text) for n, v, _ in cards
                       if v == "full")
    # 001, 005 and 082 were counted by the earlier tables (082 not expressible): the booster
    # adds one card (120, full) to the total and nothing else.
    assert (f"3 cards of the product tables studied again in their whole booster): "
            f"{earlier_full + 1} of {earlier + 1} full") in table


def test_a_booster_row_twice_or_without_a_set_code_is_refused():
    """Two rows of one number, or a heading without a set code, stop the count with a line."""
    counts = _script()
    twice = BOOSTER + "| 120 | Again | Again | full | | — |\n"
    for bad, words in ((twice, "two rows"),
                       (BOOSTER.replace("### D-BT01", "### Some booster"), "set code")):
        try:
            counts.booster_cards([bad])
        except SystemExit as stop:
            assert words in str(stop)
        else:
            raise AssertionError(f"{words}: not refused")
