"""What a Vanguard player reads while watching and playing (issue 21, part 3): circles in attack
and boost lines, attack and guard totals read the same way round, marks of sentinels, triggers
and skills, every public zone's cards on request, the card command, mulligan picks, the ansi
render, and a prompt that survives any line typed at it."""

from __future__ import annotations

import io
import re

import pytest

import ecs_vanguard as vg
from ecs_vanguard.cli import main as cli
from ecs_vanguard.cli.human import action_lines, play_human
from ecs_vanguard.perspective.board import board_text
from ecs_vanguard.perspective.cardtext import card_sheet, find_card
from tests.helpers import pick

A, B = "blazing_dragons", "radiant_knights"
HALBERDIER, HATCHLING, HERALD = "DX-006", "DX-001", "DX-113"   # no abilities: plain battles
SERAPH, CLERIC, SCROLL = "DX-109", "DX-114", "DX-112"          # sentinel, heal, draw


def _battle(db: vg.CardDB) -> vg.Game:
    """P1 has two Flame Halberdiers in front and a booster behind the right one; P2 has two
    Vanguard Heralds in front and a sentinel, a heal trigger and a draw trigger in hand."""
    return (
        vg.Scenario(db, format="standard", seed=1)
        .player(0, vanguard=HALBERDIER, rear={"front_left": HALBERDIER,
                                              "front_right": HALBERDIER,
                                              "back_right": HATCHLING})
        .player(1, vanguard="DX-101", rear={"front_left": HERALD, "front_right": HERALD},
                hand=[SERAPH, CLERIC, SCROLL], damage=["DX-107", "DX-106", "DX-107"],
                damage_face_down=1, soul=["DX-102"], drop=["DX-111"], bind=["DX-112"])
        .start(turn=3, turn_player=0, phase="battle")
    )


def _unit(game: vg.Game, player: int, circle: str) -> int:
    return game.view(player)["players"][player]["circles"][circle][0]["card"]


def _attack_right_with_boost(game: vg.Game) -> None:
    """P1's front right Halberdier, boosted, attacks P2's front right Herald."""
    game.step(pick(game, vg.ActionKind.ATTACK, card=_unit(game, 0, "front_right"),
                   target=_unit(game, 1, "front_right")))
    game.step(pick(game, vg.ActionKind.BOOST))


def test_attack_and_boost_lines_name_every_circle_so_two_units_of_one_name_differ(db):
    game = _battle(db)
    _attack_right_with_boost(game)
    game.step(pick(game, vg.ActionKind.DONE))                   # no guard: the Herald is hit
    game.step(pick(game, vg.ActionKind.ATTACK, card=_unit(game, 0, "front_left"),
                   target=_unit(game, 1, "front_left")))
    text = game.log_text()
    assert ("P1 attacks with Flame Halberdier (front right) → P2's rear-guard Vanguard Herald "
            "(front right): 16000 against 5000.") in text
    assert ("P1 boosts Flame Halberdier (front right) with Ember Hatchling (back right): "
            "+6000.") in text
    assert "Hit: Vanguard Herald (front right) is hit." in text
    assert re.search(r"P1 attacks with Flame Halberdier \(front left\) → P2's rear-guard "
                     r"Vanguard Herald \(front left\)", text)


def test_guard_totals_read_as_the_attack_line_attack_first_then_defence(db):
    game = _battle(db)
    _attack_right_with_boost(game)
    game.step(pick(game, vg.ActionKind.GUARD, card=_hand(game, CLERIC)))
    game.step(pick(game, vg.ActionKind.DONE))
    text = game.log_text()
    assert ": 16000 against 5000." in text
    assert "P2 guards with Mercy Cleric [heal trigger] (+15000): now 16000 against 20000." in text


def _hand(game: vg.Game, card_id: str) -> int:
    return next(c["card"] for c in game.view(1)["players"][1]["hand"] if c["id"] == card_id)


def test_a_sentinel_is_marked_in_hand_choices_and_log_and_its_target_cannot_be_hit(db):
    game = _battle(db)
    game.step(pick(game, vg.ActionKind.ATTACK, card=_unit(game, 0, "vc"),
                   target=_unit(game, 1, "vc")))
    while game.decision.kind is not vg.DecisionKind.GUARD:
        game.step(pick(game, vg.ActionKind.DONE))               # no boost
    lines = action_lines(game, game.decision, game.legal_actions())
    assert any(re.fullmatch(r"\s+\d\) Guard with Aegis Seraph \[sentinel\] \(\+0\)", line)
               for line in lines), lines
    assert any("Guard with Mercy Cleric [heal trigger] (+15000)" in line for line in lines)
    assert "Aegis Seraph (G1, 7000) [sentinel, boost]" in board_text(game, 1)
    game.step(pick(game, vg.ActionKind.GUARD, card=_hand(game, SERAPH)))
    while game.decision.kind is not vg.DecisionKind.GUARD:      # the cost: discard a card
        game.step(game.legal_actions()[0])
    text = game.log_text()
    assert re.search(r"P2 guards with Aegis Seraph \[sentinel\] \(\+0\): now 10000 against 6000 "
                     r"\(the target cannot be hit\)\.", text), text
    assert "(the target cannot be hit)" in _flat(board_text(game, 0))


def test_the_board_on_request_shows_every_public_zone_face_up_or_down(db):
    game = _battle(db)
    mine, theirs = board_text(game, 1, zones=True), board_text(game, 0, zones=True)
    for text in (mine, theirs):
        assert "    damage (3)    (face down); Lumen Knight; Shieldbearer Knight" in text
        assert "    soul (1)      Halo Squire" in text
        assert "    drop (1)      Starlance Cadet [critical trigger]" in text
        assert "    bind (1)      Scroll Bearer [draw trigger]" in text
        assert "  P2" in text and "damage 3 (1 face down)" in text
    assert "Your hand (3):" in mine and "Aegis Seraph" in mine
    assert "Aegis Seraph" not in theirs                         # the opponent's hand is hidden
    assert "hidden        hand 3, deck" in theirs
    assert "soul (1)" not in board_text(game, 1)                # the lists come on request


def test_g_zone_face_down_cards_are_their_owners_alone_and_a_ride_deck_a_count(db):
    game = (
        vg.Scenario(db, format="premium", seed=1)
        .player(0, vanguard="PX-008", g_zone=["PG-002"], g_zone_face_up=["PG-004"])
        .player(1, vanguard="PX-008", ride_deck=["PX-005"])
        .start(turn=3, turn_player=0, phase="main")
    )
    up, down = db["PG-004"].names[0], db["PG-002"].names[0]
    mine, theirs = (_flat(board_text(game, p, zones=True)) for p in (0, 1))
    assert f"G zone (2) face up: {up} [G unit]; face down: {down} [G unit]" in mine
    assert f"G zone (2) face up: {up} [G unit]; 1 face down" in theirs
    assert down not in theirs
    assert "ride deck 1 card, face down" in mine
    assert f"ride deck (1) {db['PX-005'].names[0]}" in theirs


def _flat(text: str) -> str:
    """The text with every run of spaces and line breaks as one space (zone lists wrap)."""
    return " ".join(text.split())


def test_the_card_command_prints_a_cards_text_marks_and_abilities(capsys):
    code = cli.main(["card", "aegis", "seraph"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0] == "DX-109  Aegis Seraph"
    assert out[1].startswith("  grade 1 · power 7000 · critical 1 · shield 0 · Keter Sanctuary")
    assert out[2] == "  sentinel, boost"
    assert out[3].startswith("  [AUTO](GC): When placed, COST [Discard a card from your hand]")
    assert cli.main(["card", "dx-011"]) == 0
    assert capsys.readouterr().out.splitlines()[2] == "  critical trigger, boost"


@pytest.mark.parametrize("query, message", [
    ("knight", (r"'knight' matches 4 cards: AS-017 Margin Knight; DX-103 Dawnblade Knight; "
                r".+; give an id or a whole name")),
    ("no such card", r"no card has the id or a name 'no such card'"),
])
def test_the_card_command_refuses_none_or_several_in_one_line(capsys, query, message):
    code = cli.main(["card", query])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1
    assert re.fullmatch(rf"ecs-vanguard: error: {message}\n", err), err


def test_a_custom_cards_text_comes_from_its_file(capsys):
    assert cli.main(["card", "--cards", "examples/my_cards.toml",
                     next(iter(vg.CardDB.load("examples/my_cards.toml"))).id]) == 0
    assert capsys.readouterr().out.strip()


def test_find_card_by_whole_name_wins_over_a_part_of_another(db):
    assert find_card(db, "  spark   RAPTOR ").id == "DX-011"
    assert "twin drive, persona ride" in card_sheet(db["DX-004"])


def _human(script: str, seed: int = 11) -> str:
    screen = io.StringIO()
    play_human((vg.Deck.builtin(A), vg.Deck.builtin(B)), you=0, agent="heuristic", seed=seed,
               format="standard", turn_limit=None, read=io.StringIO(script), write=screen)
    return screen.getvalue()


def test_a_line_of_ten_thousand_digits_or_other_digits_asks_again():
    text = _human("9" * 10_000 + "\n\N{FULLWIDTH DIGIT SEVEN}\n0\n-1\n6\nq\n")
    assert f"'{'9' * 37}...' is not a choice." in text
    assert "'\N{FULLWIDTH DIGIT SEVEN}' is not a choice." in text
    assert "'0' is not a choice." in text and "'-1' is not a choice." in text
    assert "9" * 300 not in text                                # the echo is cut short
    assert "-- Your decision: Ride a unit" in text              # 6 kept the hand and went on


def test_mulligan_picks_are_marked_in_the_hand_until_done():
    text = _human("1\n2\nq\n")            # the numbers stay while picking (issue 38)
    assert "Choose 2-6 (h for help)" in text and "Choose 3-6 (h for help)" in text
    last_hand = text.rsplit("Your hand (5):", 1)[1].split("-- Your decision")[0]
    assert last_hand.count("<- to return") == 2
    assert "Done: return the 2 cards marked 'to return' and draw as many" in text


def test_the_person_asks_for_zones_and_for_a_cards_text_with_keys():
    text = _human("z\nc 1\nc kaelrath\nc knight\nc\nq\n")
    assert "    damage (0)    (none)" in text and "ride deck (3) " in text
    assert "\nDX-004  Inferno Monarch, Kaelrath\n" in text
    assert "'knight' matches 4 cards" in text
    assert "c CARD: name a card by its id, its name, or the number of an action" in text
    first = re.search(r" 1\) Return (.+?) \(G", text)[1]
    assert re.search(rf"\n[A-Z]+-\d+  {re.escape(first)}\n", text)   # c 1: action 1's card


def test_the_ansi_render_is_the_board_text_of_the_learners_seat():
    pytest.importorskip("gymnasium")
    from ecs_vanguard.env import VanguardAECEnv, VanguardEnv

    env = VanguardEnv(render_mode="ansi", opponent="heuristic", seat=1)
    obs, _ = env.reset(seed=4)
    for _ in range(12):
        obs, *_ = env.step(int(obs["action_mask"].argmax()))
    text = env.render()
    assert text == board_text(env.game, 1, zones=True)
    lines = text.splitlines()
    assert lines[0].startswith("-- Board: turn ")
    assert lines[1].startswith("  P1 (opponent): damage ") and "  P2 (you): damage " in text
    assert "    damage (" in text and "Your hand (" in text
    aec = VanguardAECEnv(render_mode="ansi")
    aec.reset(seed=1)
    assert aec.render().splitlines()[:2] == ["player_0 to act", "-- Board: set-up --"]


def test_a_question_an_ability_asks_names_its_card_and_c_shows_its_text():
    text = _human("3\n4\n6\n7\n4\n1\nc\nq\n")   # mulligan, ride deck ride, call Ember Squire
    assert ("-- Your decision: Use this ability? (an ability of Ember Squire) - [AUTO](RC): "
            "When this unit is called, you may Soul Charge 1. (c: the card's text)") in text
    assert "\nDX-008  Ember Squire\n" in text
    assert "[AUTO](RC): When this unit is called, you may Soul Charge 1." in text
    assert "-- Your decision: Mulligan: choose the cards to return to the deck\n" in text
