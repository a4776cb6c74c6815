"""Mulligan policies as data: which of the opening five to return (CORE-03).

The official procedure: return any number of cards, draw as many, then shuffle the returned cards
into the deck (so a returned card is never drawn back at once). A policy decides from what the
hand holds, never from the order it was drawn in:

- `keep_if`: keep the whole hand when it holds at least `min` cards matching a filter;
- `keep`: rules in priority order, each keeping up to `max` (default 1) cards matching a filter;
  a card no rule keeps is a spare;
- `return`: `"rest"` (every spare, the default), `"all"` (all five) or a number m (exactly m: the
  spares first, then the cards of the last keep rule, and so on).

Among cards of equal standing the player returns any of them (uniformly at random), which keeps a
policy a function of the hand's contents: the exact figures rely on it. A policy is a built-in name
(`POLICIES`), a TOML file, or a few words: `keep grade 1, grade 2, grade 3`,
`keep-if grade 1; return all`, `keep-if 2x name Blaze Lancer; keep grade 1; return 3`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ecs_vanguard.cards.schema import CardDef
from ecs_vanguard.sim.odds.filters import CardFilter, parse_counted, parse_filter
from ecs_vanguard.vocab import limits
from ecs_vanguard.vocab.errors import OddsError

HAND = 5                              # CORE-03: the opening hand
RETURN_REST, RETURN_ALL = "rest", "all"
_POLICY_KEYS = {"name", "description", "keep", "keep_if", "return"}


@dataclass(frozen=True, slots=True)
class KeepRule:
    """Keep up to `count` cards matching `filter` (keep rules), or need `count` (keep_if)."""

    filter: CardFilter
    count: int = 1


@dataclass(frozen=True, slots=True)
class MulliganPolicy:
    """Which opening cards to return (CORE-03); see the module docstring."""

    name: str
    keep: tuple[KeepRule, ...] = ()
    keep_if: KeepRule | None = None
    returns: int | str = RETURN_REST
    description: str = ""

    @property
    def most_returned(self) -> int:
        """The most cards this policy can return."""
        return self.returns if isinstance(self.returns, int) else HAND

    def returned(self, hand: np.ndarray, pool: tuple[CardDef, ...],
                 rng: np.random.Generator) -> np.ndarray:
        """Return which opening cards go back: bool (5, n) for a hand of pool indices (5, n).

        The hand is position-major, in drawn order. A keep rule keeps the first matching cards
        in that order, a uniform choice since the deck was shuffled; which of the cards of equal
        standing "exactly m" returns is a fresh uniform choice (`rng`): by drawn order it would
        lean on the keep rules' choice (a spare copy comes later than the kept one). Twin of
        `odds.exact.returns`, which gives the same choices as a distribution.
        """
        if self.returns == 0:
            return np.zeros(hand.shape, bool)
        hand = hand.astype(np.intp)            # np.take: 2-3x faster with intp indices
        if self.returns == RETURN_ALL:
            back = np.ones(hand.shape, bool)
        else:
            rank = _ranks(self.keep, hand, pool)
            if self.returns == RETURN_REST:
                back = rank == len(self.keep)
            else:                              # exactly m: the least wanted, ties at random
                key = rank + rng.random(hand.shape)
                above = sum((key[k] > key).astype(np.int8) for k in range(HAND))
                back = above < int(self.returns)
        if self.keep_if is not None:
            back &= ~_holds(self.keep_if, hand, pool)
        return back


def _lut(f: CardFilter, pool: tuple[CardDef, ...]) -> np.ndarray:
    return np.array([f.matches(c) for c in pool], bool)


def _holds(rule: KeepRule, hand: np.ndarray, pool: tuple[CardDef, ...]) -> np.ndarray:
    lut = _lut(rule.filter, pool).astype(np.int8)
    return sum(np.take(lut, hand[k]) for k in range(HAND)) >= rule.count


def _ranks(keep: tuple[KeepRule, ...], hand: np.ndarray,
           pool: tuple[CardDef, ...]) -> np.ndarray:
    """Return each card's keep rank: the index of the rule that keeps it, len(keep) for spares."""
    rank = np.full(hand.shape, len(keep), np.int8)
    for i, rule in enumerate(keep):
        lut = _lut(rule.filter, pool)
        kept = np.zeros(hand.shape[1], np.int8)
        for k in range(HAND):                  # the first `count` of them, in drawn order
            take = np.take(lut, hand[k]) & (rank[k] == len(keep)) & (kept < rule.count)
            rank[k][take] = i
            kept += take
    return rank


# --- built-in policies --------------------------------------------------------------------------

def _grade(g: int) -> CardFilter:
    return CardFilter((("grade", g),), f"grade {g}")


POLICIES: dict[str, MulliganPolicy] = {p.name: p for p in (
    MulliganPolicy("none", returns=0, description="keep the opening hand"),
    MulliganPolicy("all", returns=RETURN_ALL, description="return all five cards"),
    MulliganPolicy("grades", keep=tuple(KeepRule(_grade(g)) for g in (1, 2, 3)),
                   description="keep the first grade 1, 2 and 3; return everything else"),
    MulliganPolicy("grade1", keep_if=KeepRule(_grade(1)), returns=RETURN_ALL,
                   description="keep any hand with a grade 1; otherwise return all five"),
    MulliganPolicy("no-grade0", keep=(KeepRule(CardFilter((("grade_min", 1),), "grade_min 1"),
                                               HAND),),
                   description="return every grade 0 card (triggers); keep the grade 1-3"),
)}


def resolve_policy(spec: str | MulliganPolicy | None) -> MulliganPolicy:
    """Return a policy from a built-in name, a TOML file path or a few words.

    Raises:
        OddsError: an unknown name, an unreadable or malformed file, or words that do not parse;
            one line naming the file (or the words) and the field.
    """
    if isinstance(spec, MulliganPolicy):
        return spec
    if spec is None:
        return POLICIES["none"]
    text = spec.strip()
    if text in POLICIES:
        return POLICIES[text]
    if text.endswith(".toml") or Path(text).is_file():
        return load_policy(text)
    return parse_policy_words(text)


def load_policy(path: str | Path) -> MulliganPolicy:
    """Read a policy TOML file; raise OddsError naming the file and the bad field."""
    path = Path(path)
    data = limits.read_toml(path, limit=limits.DECK_FILE_BYTES, nesting=limits.DECK_NESTING,
                            error=OddsError, what="policy file",
                            missing=f"(built-in policies: {', '.join(POLICIES)})")
    return policy_from_dict(data, str(path))


def policy_from_dict(data: Mapping[str, object], source: str) -> MulliganPolicy:
    """Build a policy from its TOML table; raise OddsError naming `source` and the field."""
    unknown = set(data) - _POLICY_KEYS
    if unknown:
        raise OddsError(f"{source}: unknown key(s) {limits.few(unknown)} "
                        f"(keys: {', '.join(sorted(_POLICY_KEYS))})")
    keep_raw = data.get("keep", [])
    if not isinstance(keep_raw, list) or not all(isinstance(r, Mapping) for r in keep_raw):
        raise OddsError(f"{source}: field 'keep': expected a list of filter tables, "
                        "e.g. keep = [{ grade = 1 }, { grade = 2, max = 2 }]")
    keep = tuple(_rule(r, "max", f"{source}: field 'keep[{i}]'") for i, r in enumerate(keep_raw))
    keep_if = None
    if "keep_if" in data:
        raw = data["keep_if"]
        if not isinstance(raw, Mapping):
            raise OddsError(f"{source}: field 'keep_if': expected a filter table, "
                            "e.g. keep_if = { grade = 1, min = 1 }")
        keep_if = _rule(raw, "min", f"{source}: field 'keep_if'")
    name = data.get("name", Path(source).stem)
    return MulliganPolicy(str(name), keep, keep_if,
                          _returns(data.get("return", RETURN_REST), f"{source}: field 'return'"),
                          str(data.get("description", "")))


def _rule(raw: Mapping[str, object], count_key: str, where: str) -> KeepRule:
    count = raw.get(count_key, 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= HAND:
        raise OddsError(f"{where}.{count_key}: must be a whole number from 1 to {HAND}, "
                        f"got {count!r}")
    return KeepRule(parse_filter(raw, where, ignore=frozenset({count_key})), count)


def _returns(value: object, where: str) -> int | str:
    if value in (RETURN_REST, RETURN_ALL):
        return str(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= HAND:
        raise OddsError(f"{where}: must be \"rest\", \"all\" or a number of cards from 0 to "
                        f"{HAND}, got {value!r}")
    return value


def parse_policy_words(text: str) -> MulliganPolicy:
    """Read the few-word form: `keep F, F; keep-if [Nx] F; return rest|all|N` (any order).

    Raises:
        OddsError: a clause that is not keep / keep-if / return, or a bad filter or count.
    """
    where = f"mulligan {text!r}"
    keep: tuple[KeepRule, ...] = ()
    keep_if: KeepRule | None = None
    returns: int | str = RETURN_REST
    clauses = [c.strip() for c in text.split(";") if c.strip()]
    if not clauses:
        raise OddsError(f"{where}: an empty policy; name one ({', '.join(POLICIES)}), a .toml "
                        "file, or clauses 'keep F, F; keep-if F; return rest|all|N'")
    for clause in clauses:
        verb, _, rest = clause.partition(" ")
        if verb == "keep":
            keep = tuple(_word_rule(part, where) for part in _split_commas(rest))
        elif verb == "keep-if":
            keep_if = _word_rule(rest, where)
        elif verb == "return":
            word = rest.strip()
            returns = _returns(int(word) if word.isascii() and word.isdigit() else word, where)
        else:
            raise OddsError(f"{where}: not a built-in policy ({', '.join(POLICIES)}), a .toml "
                            "file, or clauses 'keep F, F; keep-if F; return rest|all|N'")
    if returns == RETURN_REST and not keep and keep_if is not None:
        returns = RETURN_ALL                   # "keep-if grade 1" alone: else return all
    return MulliganPolicy(" ".join(text.split()), keep, keep_if, returns)


def _word_rule(text: str, where: str) -> KeepRule:
    return KeepRule(*parse_counted(text, where, HAND))


def _split_commas(text: str) -> list[str]:
    """Split on commas outside quotes (card names may hold commas: "Lantern Drake, Halvard")."""
    parts, current, quote = [], "", ""
    for ch in text:
        if ch in "\"'" and (not quote or ch == quote):
            quote = "" if quote else ch
        if ch == "," and not quote:
            parts.append(current)
            current = ""
        else:
            current += ch
    return [p.strip() for p in (*parts, current) if p.strip()]
