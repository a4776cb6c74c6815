"""The systems of the engine: one esper processor per part of the game procedure."""

import components._compiled  # noqa: F401  (first: compiled or pure build, issue 18)
