"""Tests of the product study (issue 19) whose cards wait for a mechanism (their cards are in
tests/cards/corpus/pending/): not collected until the integrator enables them, when the
mechanism each card's TOML comment names has landed."""

collect_ignore_glob = ["*"]
