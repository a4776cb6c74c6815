"""The README's figures about the engine are the engine's (issue 38 item 6): the number of rule
statements is the rule book's, and every place that states the flat action table's size states
ACTION_COUNT (and the flat network's inputs the table plus the observation). They were 149 and
18,849 when the book held 151 rules and the table 19,105 entries."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from ecs_vanguard.perspective import encoding

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def _rule_ids() -> list[str]:
    """The rule IDs as tools/rule_coverage.py reads them (one reading of the book)."""
    spec = importlib.util.spec_from_file_location("rule_coverage", REPO / "tools" /
                                                  "rule_coverage.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.rule_ids()


def test_the_readme_rule_count_is_the_rule_books():
    ids = _rule_ids()
    assert len(ids) == len(set(ids)) > 100
    section = README[README.index("## Rules covered"):]
    section = section[:section.index("\n## ")]
    stated = re.findall(r"([\d,]+) statements", section)
    assert stated, "the Rules covered section no longer states the number of rules"
    assert [_number(n) for n in stated] == [len(ids)] * len(stated)
    families = sorted({i.split("-")[0] for i in ids})
    named = re.search(r"\(\[docs/RULES\.md\]\(docs/RULES\.md\): ([A-Z,\s]+);", section)
    assert named is not None and sorted(re.split(r",\s*", named.group(1))) == families


# every phrase that states the table's size, and how many times the README says it
_ACTION_COUNT_PHRASES = {
    r"flat action table \(([\d,]+)": 1,
    r"flat action table has ([\d,]+) entries": 1,
    r"\| flat table \| ([\d,]+) \|": 1,
    r"its ([\d,]+) logits": 1,
    r"its ([\d,]+)-wide mask": 1,
}


@pytest.mark.parametrize("phrase, times", _ACTION_COUNT_PHRASES.items())
def test_the_readme_flat_action_count_is_action_count(phrase, times):
    stated = [_number(n) for n in re.findall(phrase, README)]
    assert stated == [encoding.ACTION_COUNT] * times, phrase


def test_the_flat_networks_inputs_are_the_mask_and_the_observation():
    from ecs_vanguard.env import VanguardEnv

    space = VanguardEnv().observation_space
    inputs = space["action_mask"].shape[0] + space["observation"].shape[0]
    assert space["action_mask"].shape[0] == encoding.ACTION_COUNT
    row = re.search(r"\| flat table \| [\d,]+ \| ([\d,]+) \|", README)
    assert row is not None and _number(row.group(1)) == inputs


def test_no_other_figure_near_the_table_size_is_left_in_the_readme():
    """A stale count in a sentence none of the phrases above reads: any number written within
    5% of the table's size is the table's size or the flat network's inputs."""
    from ecs_vanguard.env import VanguardEnv

    space = VanguardEnv().observation_space
    allowed = {encoding.ACTION_COUNT, encoding.ACTION_COUNT + space["observation"].shape[0]}
    near = {_number(n) for n in re.findall(r"(?<![\d.])(\d{1,2},\d{3}|\d{5})(?![\d.])", README)
            if abs(_number(n) - encoding.ACTION_COUNT) <= 0.05 * encoding.ACTION_COUNT}
    assert near <= allowed, sorted(near - allowed)
