"""`python -m ecs_vanguard`: the `ecs-vanguard` command line."""

import sys

from ecs_vanguard.cli.main import main

sys.exit(main())
