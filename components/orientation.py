"""Stand/rest and face up/down of a card (ACT-12, ACT-13)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Orientation:
    """Whether the card is at rest and whether it is face up."""

    rested: bool = False
    face_up: bool = False
