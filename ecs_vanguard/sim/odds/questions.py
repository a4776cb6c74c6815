"""The questions of the odds report, each a table built from the Monte Carlo tally and the
exact figures (`exact.turns`, `exact.mixture`) where they exist."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np

from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.sim.odds.exact import TurnFigures, mixture
from ecs_vanguard.sim.odds.filters import CardFilter
from ecs_vanguard.sim.odds.model import GRADES, MAX_TURN, SEATS, TRIGGERS, DeckModel, max_drive
from ecs_vanguard.sim.odds.montecarlo import CHECKS, Tally
from ecs_vanguard.sim.odds.policy import MulliganPolicy
from ecs_vanguard.sim.odds.report import Figure, Table, chance, mean
from ecs_vanguard.vocab.formats import Trigger

TURNS = tuple(f"turn {t}" for t in range(1, MAX_TURN + 1))
BY_GRADE = tuple(f"G{g} {seat}" for g in GRADES for seat in SEATS)


def ride_tables(tally: Tally, exact: Sequence[TurnFigures | None]) -> list[Table]:
    """Ride by own turn N per grade, on curve (joint), and grades that reached the hand."""
    n = tally.samples

    def grid(counts: np.ndarray, pick: Callable[[TurnFigures], list[list[Fraction] | None]]
             ) -> tuple[tuple[Figure | None, ...], ...]:
        return tuple(tuple(
            None if t + 1 < g else chance(counts[s, t, g - 1], n, _row(exact[s], pick, t, g - 1))
            for g in GRADES for s in range(2)) for t in range(MAX_TURN))

    ride = grid(tally.ride, lambda f: f.ride)
    curve = tuple(tuple(ride[g - 1][2 * (g - 1) + s] for s in range(2)) for g in GRADES)
    return [
        Table("ride", "Ride: the vanguard is grade g or higher after the ride step of own turn N",
              "greedy rides (CORE-05): the ride deck first, paying its discard; else from hand",
              TURNS, BY_GRADE, ride),
        Table("on_curve", "On curve: every ride so far on its turn (the joint chance)", "",
              ("G1 on turn 1", "G1, G2 on turns 1-2", "G1, G2, G3 on turns 1-3"), SEATS, curve),
        Table("hold", "In hand: a grade-g card from the deck reached the hand by the ride step "
              "of own turn N", "drawn or drive-checked; the ride deck is not counted",
              TURNS, BY_GRADE, grid(tally.hold, lambda f: f.hold)),
    ]


def _row(fig: TurnFigures | None, pick: Callable[[TurnFigures], list[list[Fraction] | None]],
         t: int, i: int) -> Fraction | None:
    """Return exact figure i of own turn t + 1, or None where there is none."""
    row = None if fig is None else pick(fig)[t]
    return None if row is None else row[i]


def copies_table(index: int, target: CardFilter, cap: int, tally: Tally,
                 exact: Sequence[TurnFigures | None]) -> Table:
    """At least j copies of a target reached the hand by own turn N, j = 1..cap."""
    hist, n = tally.copies[index], tally.samples
    columns = tuple(f">={j} {seat}" for j in range(1, cap + 1) for seat in SEATS)

    def at_least(s: int, t: int, j: int) -> Figure:
        fig = exact[s]
        return chance(hist[s, t, j:].sum(), n, _tail(None if fig is None else fig.copies[t], j))

    cells = tuple(tuple(at_least(s, t, j) for j in range(1, cap + 1) for s in range(2))
                  for t in range(MAX_TURN))
    return Table(f"copies {index + 1}", f"Copies: at least j cards matching '{target.text}' "
                 "reached the hand by the ride step of own turn N",
                 "a drive-checked over trigger never reaches the hand", TURNS, columns, cells)


def hand_tables(tally: Tally, exact: Sequence[TurnFigures | None]) -> list[Table]:
    """Expected hand size and shield in hand at the start of the main phase; drive triggers."""
    n = tally.samples
    values = np.arange(tally.hand.shape[-1])

    def from_hist(hist: np.ndarray, s: int, t: int, ex: Fraction | None = None) -> Figure:
        return mean(hist[s, t] @ values, hist[s, t] @ values**2, n, ex)

    def exact_hand(s: int, t: int) -> Fraction | None:
        fig = exact[s]
        return None if fig is None else fig.hand[t]

    hand = tuple(tuple(from_hist(tally.hand, s, t, exact_hand(s, t)) for s in range(2))
                 for t in range(MAX_TURN))
    shield = tuple(tuple(mean(tally.shield[s, t, 0], tally.shield[s, t, 1], n) for s in range(2))
                   for t in range(MAX_TURN))
    drive = tuple(tuple(from_hist(tally.drive_triggers, s, t) for s in range(2))
                  for t in range(MAX_TURN))
    return [
        Table("hand", "Hand size at the start of the main phase of own turn N (mean)",
              "cards drawn and drive-checked, less rides and their costs; no calls or guards",
              TURNS, SEATS, hand, percent=False),
        Table("shield", "Shield in hand at the start of the main phase of own turn N (mean)",
              "printed shield; discards (ride deck, Stride cost) take the least shield first",
              TURNS, SEATS, shield, percent=False, digits=0),
        Table("drive_triggers", "Triggers revealed by your own drive checks by the end of own "
              "turn N (mean)", "", TURNS, SEATS, drive, percent=False),
    ]


def check_tables(model: DeckModel, policy: MulliganPolicy, tally: Tally,
                 exact: bool) -> list[Table]:
    """Triggers in one drive, damage checks, and a heal at 4 or 5 damage.

    Exact figures are hypergeometric mixtures over the deck after the mulligan (exact.mixture).
    """
    def pmf(wanted: Callable[[CardDef], bool], draws: int) -> list[Fraction] | None:
        return mixture(model.pool, policy, wanted, draws) if exact else None

    return [_drive_table(model, tally, pmf), *_damage_tables(tally, pmf)]


_Pmf = Callable[[Callable[[CardDef], bool], int], list[Fraction] | None]


def _drive_table(model: DeckModel, tally: Tally, pmf: _Pmf) -> Table:
    n, base = tally.samples, len(TRIGGERS) + 1
    codes = np.arange(base**3)[:, None] // base ** np.arange(3) % base       # (pattern, card)
    drives = tuple(range(1, max_drive(model) + 1))
    exact_any = {d: pmf(_is(None), d) for d in drives}
    rows: list[str] = []
    cells: list[tuple[Figure | None, ...]] = []
    for j in range(max(drives) + 1):
        rows.append(f"{j} trigger{'s' if j != 1 else ''}")
        cells.append(tuple(None if j > d else chance(
            tally.drive_hist @ ((codes[:, :d] > 0).sum(axis=1) == j), n,
            _pick(exact_any[d], j)) for d in drives))
    for trig in sorted({c.trigger for c in model.pool if c.trigger}, key=TRIGGERS.index):
        code = TRIGGERS.index(trig) + 1
        rows.append(f">=1 {trig.value}")
        cells.append(tuple(chance(tally.drive_hist @ (codes[:, :d] == code).any(axis=1), n,
                                  _complement(pmf(_is(trig), d)))
                           for d in drives))
    return Table("drive", "Drive checks: triggers revealed by one drive of d checks",
                 "from the deck after the mulligan, at any point of the game", tuple(rows),
                 tuple(f"{d} check{'s' if d > 1 else ''}" for d in drives), tuple(cells))


def _damage_tables(tally: Tally, pmf: _Pmf) -> list[Table]:
    n = tally.samples
    checks = np.arange(3**CHECKS)[:, None] // 3 ** np.arange(CHECKS) % 3     # 1 heal, 2 crit
    heal = [pmf(_is(Trigger.HEAL), k) for k in range(1, CHECKS + 1)]
    crit = [pmf(_is(Trigger.CRITICAL), k) for k in range(1, CHECKS + 1)]
    heals = (checks == 1).cumsum(axis=1)
    damage = tuple((
        chance(tally.check_hist @ (heals[:, k] == 0), n, _pick(heal[k], 0)),
        chance(tally.check_hist @ (heals[:, k] == 1), n, _pick(heal[k], 1)),
        chance(tally.check_hist @ (heals[:, k] >= 2), n, _tail(heal[k], 2)),
        chance(tally.check_hist @ (checks[:, :k + 1] == 2).any(axis=1), n,
               _complement(crit[k]))) for k in range(CHECKS))
    late = (checks[:, 4] == 1, checks[:, 5] == 1, (checks[:, 4:6] == 1).any(axis=1))
    late_exact = (_pick(heal[0], 1), _pick(heal[0], 1), _complement(heal[1]))
    return [Table(
        "damage", "Damage checks: heals among the first k checks, and a critical among them",
        "from the deck after the mulligan; checks made whenever the damage comes",
        tuple(f"{k} check{'s' if k > 1 else ''}" for k in range(1, CHECKS + 1)),
        ("0 heals", "1 heal", "2+ heals", ">=1 critical"), damage), Table(
        "heal_late", "Heal triggers at 4-5 damage: the damage check taken at 4 and at 5 damage",
        "a heal heals only if your damage is at least your opponent's (CORE-14)",
        ("at 4 damage (5th check)", "at 5 damage (6th check)", "at either"), ("heal",),
        tuple((chance(tally.check_hist @ hit, n, ex),) for hit, ex in zip(late, late_exact)))]


def _is(trigger: Trigger | None) -> Callable[[CardDef], bool]:
    """Return the test "a trigger of this type" (None: of any type)."""
    if trigger is None:
        return lambda c: c.trigger is not None
    return lambda c: c.trigger is trigger


def _tail(pmf: list[Fraction] | None, j: int) -> Fraction | None:
    return None if pmf is None else sum(pmf[j:], Fraction(0))


def _pick(pmf: list[Fraction] | None, j: int) -> Fraction | None:
    return None if pmf is None else pmf[j]


def _complement(pmf: list[Fraction] | None) -> Fraction | None:
    return None if pmf is None else 1 - pmf[0]
