"""A condition as card files write it: a named check with arguments (CORE-19: a condition is
checked when the ability is played and again when it resolves)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Check:
    """One condition: a check of the continuous layer (`values.CHECKS`) by name, with arguments
    (`of` holds nested checks for all / any / not); `origin` names the shorthand it was written
    as (`generation_break`, `limit_break`, ...), which also makes it a keyword of the card."""

    check: str
    args: tuple[tuple[str, object], ...] = ()
    origin: str = field(default="", compare=False)

    def arg(self, key: str, default: Any = None) -> Any:
        """Return the argument `key` or `default`."""
        for k, v in self.args:
            if k == key:
                return v
        return default
