"""Status component of a heart: a vanguard strode over by a G unit (HRT-01..12, STR-08)."""

from __future__ import annotations

from dataclasses import dataclass

from components.frozen import Frozen


@dataclass(frozen=True, slots=True)
class HeartLink(Frozen):
    """Links a heart to its G unit on the same VC; `chosen` marks the heart whose original name
    and power the G unit has (STR-08 (5), HRT-06)."""

    g_unit: int
    chosen: bool = False
