"""`python -m ecs_vanguard.cli`: the same as `ecs-vanguard`."""

import sys

from ecs_vanguard.cli.main import main

sys.exit(main())
