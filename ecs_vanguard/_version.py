"""The version of ecs_vanguard, read by pyproject.toml and `ecs-vanguard --version`."""

__version__ = "0.1.0"
