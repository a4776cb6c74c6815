"""Status components of Brandt Gate cards: imprisoned cards and tokens (PRI-*, TOK-*)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Imprisoned:
    """An opponent's card held in the order zone of player `by` (PRI-01); its abilities are void
    (PRI-03), and no Prison card is linked to it (PRI-02)."""

    by: int

    def __reduce__(self) -> tuple[object, ...]:
        # through __init__: mypyc's own pickling sets the frozen fields one by one
        return (Imprisoned, (self.by,))


@dataclass(frozen=True, slots=True)
class Token:
    """A token: a pseudo-card valid only on circles, removed from the game anywhere else
    (TOK-01, TOK-03)."""

    def __reduce__(self) -> tuple[object, ...]:
        # through __init__: mypyc's own pickling sets the frozen fields one by one
        return (Token, ())
