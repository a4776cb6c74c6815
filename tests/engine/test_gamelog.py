"""The game log a Vanguard player reads (issue 12): built from the events and the board between
steps, card names instead of entity numbers, every check and trigger told, unknown events
skipped."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

import ecs_vanguard as vg
from ecs_vanguard.agents import make_agent
from ecs_vanguard.perspective.gamelog import GameLog
from ecs_vanguard.perspective.gamelog.handlers import HANDLERS
from ecs_vanguard.perspective.gamelog.texts import TEXTS
from ecs_vanguard.vocab import events as ev
from tests.helpers import pick

A, B = "blazing_dragons", "radiant_knights"


def _played(seed: int) -> vg.Game:
    game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=seed)
    agents = (make_agent("heuristic", 1), make_agent("heuristic", 2))
    while not game.over:
        game.step(agents[game.decision.player].act(game))
    return game


@pytest.fixture(scope="module")
def finished() -> tuple[vg.Game, str]:
    game = _played(3)
    return game, game.log_text()


def _of(game: vg.Game, kind: type) -> list:
    return [e for e in game.events if isinstance(e, kind)]


def test_every_turn_has_a_header_in_order_and_phases_follow(finished):
    game, text = finished
    turns = [int(t) for t in re.findall(r"^== Turn (\d+): P[12]'s turn", text, re.MULTILINE)]
    assert turns == list(range(1, game.turn + 1))
    assert text.splitlines()[0] == "== Set-up =="
    for phase in ("draw", "ride", "main", "battle"):
        assert f"  [{phase} phase]" in text


def test_rides_and_calls_name_the_card_its_grade_and_power(finished):
    game, text = finished
    for event in _of(game, ev.UnitRode):
        card = game.card(event.card)
        player = f"P{event.player + 1}"
        assert f"{player} rides {card.names[0]} (G{card.grade}, {card.power})" in text
    calls = [e for e in _of(game, ev.UnitCalled) if e.circle is not None]   # not to GC
    assert calls
    for event in calls:
        card = game.card(event.card)
        circle = event.circle.value.replace("_", " ")
        assert f"calls {card.names[0]} (G{card.grade}, {card.power}) to {circle}" in text
    assert "card #" not in text and "entity" not in text


def test_attacks_show_power_against_defence_and_guards_their_shield(finished):
    game, text = finished
    attacks = re.findall(r"attacks with .+ → P[12]'s (?:vanguard|rear-guard) .+: (\d+) against "
                         r"(\d+)\.", text)
    assert len(attacks) == len(_of(game, ev.AttackDeclared))
    guards = re.findall(r"guards with (.+?)(?:: now \d+ against \d+.*)?\.$", text, re.MULTILINE)
    shields = [int(s) for line in guards for s in re.findall(r"\(\+(\d+)\)", line)]
    assert len(shields) == len(_of(game, ev.GuardianCalled))
    for event in _of(game, ev.GuardianCalled):
        card = game.card(event.card)
        marks = [f"{card.trigger.value} trigger"] if card.trigger else []
        marks += ["sentinel"] if card.sentinel else []
        shown = f" [{', '.join(marks)}]" if marks else ""
        assert f"{card.names[0]}{shown} (+{card.shield})" in text


def test_attack_and_guard_totals_read_the_same_way_round(finished):
    """An attack line says the attack's power against the defence; each guard or intercept
    line after it says the same attack power first, then the defence grown by the shields."""
    _, text = finished
    attack = None
    guarded = 0
    for line in text.splitlines():
        opened = re.search(r"attacks with .+: (\d+) against (\d+)\.$", line)
        if opened:
            attack = (int(opened[1]), int(opened[2]))
            continue
        after = re.search(r"(?:guards|intercepts) with .+: now (\d+) against (\d+)", line)
        if after:
            assert attack is not None
            assert int(after[1]) == attack[0], line
            assert int(after[2]) >= attack[1], line      # a shield adds (a sentinel's: 0)
            attack = (int(after[1]), int(after[2]))
            guarded += 1
    assert guarded >= 3, "seed 3 has guarded attacks"


def test_every_check_names_its_card_trigger_and_who_got_the_power(finished):
    game, text = finished
    drives = re.findall(r"P[12] drive check: (.+?), (\w+ trigger|no trigger)", text)
    damages = re.findall(r"P[12] damage check: (.+?), (\w+ trigger|no trigger)", text)
    assert len(drives) == len(_of(game, ev.DriveChecked))
    assert len(damages) == len(_of(game, ev.DamageChecked))
    checks = _of(game, ev.DriveChecked) + _of(game, ev.DamageChecked)
    triggered = [e for e in checks if e.trigger]
    assert triggered, "seed 3 reveals triggers"
    for event in triggered:
        assert f"{game.card(event.card).names[0]}, {event.trigger} trigger" in text
    got = re.findall(r"trigger: (.+?) \((VC|front left|front right)\) \+10000 power", text)
    assert got, "a trigger's power is given to a named unit"


def test_damage_counts_and_the_end_say_who_won_and_why(finished):
    game, text = finished
    last = text.splitlines()[-1]
    loser = 1 - game.winner
    assert last == f"== P{game.winner + 1} wins on turn {game.turn}: P{loser + 1} has 6 damage =="
    hits = re.findall(r"Hit: P([12]) has (\d) damage\.", text)
    assert hits and all(1 <= int(n) <= 6 for _, n in hits)


def test_log_text_reads_without_changing_the_game(finished):
    game, _ = finished
    before, events = game.state_hash(), len(game.events)
    game.log_text()
    assert game.state_hash() == before and len(game.events) == events


def test_the_log_of_a_scenario_position_starts_there_and_reads_the_battle(db):
    game = (
        vg.Scenario(db, format="standard", seed=1)
        .player(0, vanguard="DX-004", rear={"front_left": "DX-006"}, hand=["DX-011"])
        .player(1, vanguard="DX-104", hand=["DX-111"], damage=["DX-107"] * 3)
        .start(turn=3, turn_player=0, phase="battle")
    )
    attack = next(a for a in game.legal_actions() if a.kind is vg.ActionKind.ATTACK
                  and game.card(a.card).id == "DX-004")
    game.step(attack)
    while game.decision.kind is not vg.DecisionKind.GUARD:
        game.step(game.legal_actions()[-1])
    game.step(pick(game, vg.ActionKind.DONE))
    text = game.log_text()
    assert text.splitlines()[0] == "== Turn 3: P1's battle phase (a set position) =="
    power = game.card(attack.card).power
    assert re.search(rf"P1 attacks with {re.escape(game.card(attack.card).names[0])} \(VC\) → "
                     rf"P2's vanguard .+: {power} against \d+\.", text)


def test_a_restored_game_logs_its_whole_game_and_its_moves_after_the_load():
    original = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=6)
    for _ in range(60):
        original.step(original.legal_actions()[0])
    restored = vg.Game.from_json(original.to_json())
    for _ in range(60):
        restored.step(restored.legal_actions()[0])
        original.step(original.legal_actions()[0])
    assert restored.history == original.history[60:]
    before, after = restored.log_text().splitlines(), original.log_text().splitlines()
    assert before[0] == "== Set-up ==" and len(before) == len(after)
    assert before[-15:] == after[-15:]          # read live after the load, as the original


@dataclass(frozen=True)
class _NewKindOfEvent:
    player: int


def test_unknown_event_types_are_skipped():
    game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=1)
    log = GameLog(game)
    entries = len(log.entries)
    game.events.append(_NewKindOfEvent(0))
    log.update(game)
    assert len(log.entries) == entries


def test_every_kind_of_entry_has_a_text_and_every_handler_is_for_an_event():
    assert set(HANDLERS) <= set(ev.EVENT_TYPES)
    game = _played(4)
    log = GameLog(game.initial())
    kinds = {e.kind for e in log.entries}
    assert kinds <= set(TEXTS)
    assert all(e.to_dict()["text"] for e in log.entries)


def test_the_opponent_hand_stays_hidden_from_a_viewer():
    game = vg.Game(vg.Deck.builtin(A), vg.Deck.builtin(B), seed=1)
    text = GameLog(game, viewer=0).text()
    assert "P2 draws 5 cards." in text and "P1 draws 5 cards." not in text
