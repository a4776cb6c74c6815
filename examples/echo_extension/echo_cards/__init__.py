"""An example extension of the card language (issue 39 §6): one step, one check, one filter and
one value, registered when this module is imported (its entry point names it). The card file
`cards.toml` beside this package names them; no card file names code.

- `{ op = "echo_charge", n = 2 }`: Soul Charge n, then Counter Charge 1 for each grade 3 card
  soul-charged this way (the oldest face-down damage cards first).
- `{ check = "hand_parity", parity = "even" }`: you have an even (or odd) number of cards in
  hand.
- `where = { grade_parity = "odd" }`: cards of an odd (or even) printed grade.
- `n = { value = "column_units", of = "self" }`: how many units are in that card's column.
"""

from __future__ import annotations

from dataclasses import dataclass

from ecs_vanguard import extensions as ext
from ecs_vanguard import ops
from ecs_vanguard.cards.check import Check
from ecs_vanguard.derived import query as q
from ecs_vanguard.state import Frame, State
from ecs_vanguard.vocab.zones import COLUMN_PARTNER, Circle, Zone

_PARITIES = ("even", "odd")


@ext.step("echo_charge", doc="Soul Charge n, then Counter Charge 1 for each grade 3 card "
                             "soul-charged this way")
@dataclass(frozen=True)
class EchoCharge:
    """Soul Charge n, then Counter Charge 1 for each grade 3 card soul-charged this way."""

    n: int = 1


@ext.handler(EchoCharge)
def _echo_charge(state: State, frame: Frame, step: EchoCharge) -> None:
    player = frame.master
    charged = list(state.board.zones[player][Zone.DECK][:step.n])
    ops.soul_charge(state, player, len(charged))              # ACT-19: as many as there are
    grade_3 = sum(1 for card in charged if state.card(card).grade == 3)
    face_down = [c for c in state.board.zones[player][Zone.DAMAGE]
                 if not q.orientation(c).face_up]
    ops.counter_charge(state, player, face_down[:grade_3])    # ACT-17


@ext.check("hand_parity", doc="you have an even (parity = \"even\") or odd number of cards in "
                              "hand", args={"parity": "text"}, required=("parity",))
def _hand_parity(state: State, frame: Frame, check: Check) -> bool:
    size = len(state.board.zones[frame.master][Zone.HAND])
    return _PARITIES[size % 2] == check.arg("parity")


@ext.filter("grade_parity", kind="text", doc="cards of an even or odd printed grade")
def _grade_parity(state: State, frame: Frame, card: int, value: object) -> bool:
    return _PARITIES[state.card(card).grade % 2] == value


@ext.value("column_units", doc="the number of units in the card's column (CORE-07)")
def _column_units(state: State, card: int) -> int:
    pos = q.position(card)
    if not isinstance(pos.circle, Circle) or pos.circle not in COLUMN_PARTNER:
        return 0
    column = (pos.circle, COLUMN_PARTNER[pos.circle])
    return sum(1 for circle in column if state.board.circles[pos.owner].get(circle))
