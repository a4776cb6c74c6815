"""Ability runtime: steps, selectors, conditions, triggered autos and continuous effects."""
