"""`python -m ecs_vanguard.replay FILE`: replay a fuzzer reproduction and report where it fails."""

from __future__ import annotations

import sys

from ecs_vanguard.replay import main

sys.exit(main())
