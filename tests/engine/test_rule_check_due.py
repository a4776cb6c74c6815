"""The rule-action check is skipped when nothing it reads changed (engine.rule_check_due, issue
18): across seeded random games of both formats, played on through clones, every
skipped check is one that would have found no rule action to apply (CORE-16, CORE-17, PRI-04)."""

from __future__ import annotations

import numpy as np
import pytest

import ecs_vanguard as vg
from ecs_vanguard import ops
from ecs_vanguard.state import State
from ecs_vanguard.vocab.zones import Zone
from systems import rule_process
from systems.base import at_check_timing

DECKS = {
    "standard": ["blazing_dragons", "radiant_knights", "dress_dancers", "iron_gate"],
    "premium": ["chain_lockers", "force_vanguards", "legion_blades", "accel_strikers"],
}


def _would_apply(state: State) -> bool:
    """True if a rule action applies now (apply_rule_actions' reading, without acting)."""
    zones, limit = state.board.zones, state.rules.damage_to_lose
    if any(len(zones[p][Zone.DAMAGE]) >= limit or not zones[p][Zone.DECK] for p in (0, 1)):
        return True
    return bool(rule_process._doomed(state)) or ops.has_unjailed(state)


@pytest.mark.parametrize("fmt", sorted(DECKS))
def test_CORE_17_a_skipped_rule_action_check_had_nothing_to_find(fmt, monkeypatch):
    """Judge: play on through clones too; whenever a check timing skips the rule
    actions, none applies (a second unit on an RC, guardians outside a battle, 6 damage, an
    empty deck, an order zone holding imprisoned cards with no Prison)."""
    skipped = []
    process = rule_process.RuleProcessSystem.process

    def judged(self: rule_process.RuleProcessSystem, state: State) -> None:
        if state.engine.dirty and at_check_timing(state) and not state.engine.rule_check_due:
            assert not _would_apply(state), "a rule action was due but its check was skipped"
            skipped.append(1)
        process(self, state)

    monkeypatch.setattr(rule_process.RuleProcessSystem, "process", judged)
    names = DECKS[fmt]
    steps = 0
    for seed in range(8):
        game = vg.Game(vg.Deck.builtin(names[seed % 4]), vg.Deck.builtin(names[(seed + 1) % 4]),
                       seed=seed, format=fmt)
        rng = np.random.default_rng(seed)
        while not game.over:
            actions = game.legal_actions()
            game.step(actions[int(rng.integers(len(actions)))])
            steps += 1
            if steps % 5 == 0:
                game = game.clone()
    assert skipped, "no check was skipped: the test saw nothing"
