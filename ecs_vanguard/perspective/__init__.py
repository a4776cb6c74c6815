"""What a player knows and sees, read from a State: knowledge, view, observation and the
action table (encoding), determinization, and the game log a player reads."""
