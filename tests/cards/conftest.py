"""Fixtures of the card-language corpus (issue 9): the built-in pool plus every invented card
of tests/cards/corpus/*.toml, and a Scenario builder with quiet decks."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecs_vanguard as vg

CORPUS = Path(__file__).with_name("corpus")
V3 = "PX-008"                                # a vanilla grade 3 (13000)
G2 = "DX-006"                                # a vanilla grade 2 (10000, intercept)
QUIET_DECK = [G2] * 10                       # vanilla grade 2s: no trigger, no decision


@pytest.fixture(scope="session")
def ldb(db: vg.CardDB) -> vg.CardDB:
    """The built-in pool with the corpus cards."""
    return vg.CardDB.load(CORPUS, base=db)


def scene(db: vg.CardDB, me: dict, them: dict | None = None, *, phase: str = "main",
          fmt: str = "standard", turn_player: int = 0, turn: int = 3,
          **start: object) -> vg.Game:
    """Start a position (turn 3: player 0 went first): player 0 is `me`, player 1 `them` (a
    vanilla grade 3 by default); sides without a deck get ten vanilla grade 2s."""
    them = dict(them or {"vanguard": "PX-008"})
    me = dict(me)
    for side in (me, them):
        side.setdefault("deck", list(QUIET_DECK))
    return (vg.Scenario(db, format=fmt).player(0, **me).player(1, **them)
            .start(turn=turn, turn_player=turn_player, phase=phase, **start))  # type: ignore[arg-type]


def refused_file(tmp_path: Path, text: str, base: vg.CardDB, *needles: str) -> str:
    """Load `text` as a card file over `base`: it must be refused in one line (CardDataError)
    holding each needle (the field, the reason); return the message."""
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(vg.CardDataError) as caught:
        vg.CardDB.load(path, base=base)
    message = str(caught.value)
    assert "\n" not in message and all(needle in message for needle in needles), message
    return message
