"""Tests of corpus cards that wait for a mechanism built in parallel (issue 19: rule modifiers,
phase/step timings and remembered cards, distinct-value counts). Not collected until the
integrator enables them: each file names, per card, the mechanism it needs."""

collect_ignore_glob = ["*"]
