"""Names: zones and circles, format settings and enums, decisions and actions, events, errors
and input limits. Imports nothing of the engine above it."""

from ecs_vanguard.vocab.enum_speed import drop_enum_getattr

drop_enum_getattr()     # Python 3.11's slow enum member reads (vocab/enum_speed.py, issue 18)
