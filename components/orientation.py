"""Stand/rest and face up/down of a card (ACT-12, ACT-13)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Orientation:
    """Whether the card is at rest and whether it is face up."""

    rested: bool = False
    face_up: bool = False

    # Written out, not left to @dataclass: mypyc compiles a method written in the class, but
    # the ones dataclasses generates stay interpreted (a Python frame a construction, issue 18).
    def __init__(self, rested: bool = False, face_up: bool = False) -> None:
        self.rested = rested
        self.face_up = face_up
