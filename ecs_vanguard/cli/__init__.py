"""The command line: `ecs-vanguard` and its subcommands (main.py); arguments are parsed before
the engine is imported, for start-up time."""
