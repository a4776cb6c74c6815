"""Skills given by abilities (`add_skill`, issue 19): a cont's "this unit gets [Boost]" while its
condition holds (D-SD03/002 in tests/cards/test_corpus_d_sd_c.py; [Intercept] here) and an
effect's skill for a period; the rules read a given skill as a printed one (CORE-09 boost,
CORE-10 intercept), and only for as long as it lasts."""

from __future__ import annotations

import pytest

import ecs_vanguard as vg
from ecs_vanguard.derived import query as q
from ecs_vanguard.vocab.decisions import ActionKind
from ecs_vanguard.vocab.formats import Skill
from ecs_vanguard.vocab.zones import Circle
from tests.cards.conftest import G2, V3, scene
from tests.cards.study_helpers import attack
from tests.helpers import has_action, pick, unit_at

PIKEMAN = "LX-S01B"


def test_CORE_09_an_effect_gives_boost_until_end_of_turn(ldb):
    """A grade 2 behind an attacker cannot boost; given [Boost] by the act it can, and the skill
    is gone once the turn ends."""
    me = {"vanguard": "LX-S01", "rear": {"front_left": G2, "back_left": PIKEMAN}}
    game = scene(ldb, me, phase="battle")
    pikeman = unit_at(game, 0, Circle.BACK_LEFT)
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    assert not has_action(game, ActionKind.BOOST, card=pikeman)
    game = scene(ldb, me)
    game.step(pick(game, ActionKind.ACT, card=unit_at(game, 0, Circle.VC)))
    pikeman = unit_at(game, 0, Circle.BACK_LEFT)
    game.step(pick(game, ActionKind.PICK, card=pikeman))
    game.step(pick(game, ActionKind.DONE))  # to the battle phase
    attack(game, unit_at(game, 0, Circle.FRONT_LEFT), unit_at(game, 1, Circle.VC))
    assert has_action(game, ActionKind.BOOST, card=pikeman)
    while game.turn_player == 0:
        game.step(
            pick(game, ActionKind.DONE)
            if has_action(game, ActionKind.DONE)
            else game.legal_actions()[0]
        )
    game.switch()
    assert not q.has_skill(game.state, pikeman, Skill.BOOST)


def test_CORE_10_a_cont_gives_intercept_in_the_opponents_turn_only(ldb):
    """With the instructor on RC, the pikeman may intercept in the opponent's turn; without it,
    not; in your own turn the cont gives nothing."""
    for rear, offered in (
        ({"front_left": PIKEMAN, "back_left": "LX-S02"}, True),
        ({"front_left": PIKEMAN}, False),
    ):
        game = scene(
            ldb, {"vanguard": V3, "rear": rear}, {"vanguard": V3}, phase="battle", turn_player=1
        )
        attack(game, unit_at(game, 1, Circle.VC), unit_at(game, 0, Circle.VC))
        assert has_action(game, ActionKind.INTERCEPT) is offered
    game = scene(ldb, {"vanguard": V3, "rear": {"front_left": PIKEMAN, "back_left": "LX-S02"}})
    game.switch()
    assert not q.has_skill(game.state, unit_at(game, 0, Circle.FRONT_LEFT), Skill.INTERCEPT)


def test_a_skill_the_language_does_not_know_is_a_clear_error(tmp_path):
    """`skill` takes boost or intercept; anything else is refused when the file loads."""
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[card]]\nid = "ZZ-1"\nnames = ["Z"]\ngrade = 1\npower = 8000\n'
        '[[card.ability]]\nkind = "cont"\nzones = ["rc"]\n'
        'effect = [{ op = "add_skill", skill = "twin_drive" }]\n'
    )
    with pytest.raises(vg.CardDataError, match="skill"):
        vg.CardDB.load(bad, base=vg.CardDB.builtin())
