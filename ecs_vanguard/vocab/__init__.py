"""Names: zones and circles, format settings and enums, decisions and actions, events, errors
and input limits. Imports nothing of the engine above it."""
