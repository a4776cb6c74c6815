"""Status components of Brandt Gate cards: imprisoned cards and tokens (PRI-*, TOK-*)."""

from __future__ import annotations

from dataclasses import dataclass

from components.frozen import Frozen


@dataclass(frozen=True, slots=True)
class Imprisoned(Frozen):
    """An opponent's card held in the order zone of player `by` (PRI-01); its abilities are void
    (PRI-03), and no Prison card is linked to it (PRI-02)."""

    by: int


@dataclass(frozen=True, slots=True)
class Token(Frozen):
    """A token: a pseudo-card valid only on circles, removed from the game anywhere else
    (TOK-01, TOK-03)."""
