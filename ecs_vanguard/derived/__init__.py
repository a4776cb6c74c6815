"""Read-only derived values: facts read straight off the board (facts), continuous scopes,
conditions and values (scopes, conditions, stats, values). Its face for the floors above is
`query`."""
