"""vocab.fields: getattr with a default, and the fields present among some, for the card
language's records and events, learnt once a kind (issue 34)."""

from __future__ import annotations

from dataclasses import dataclass

from ecs_vanguard.vocab.fields import field_or, fields_present


@dataclass(frozen=True)
class _Targeted:
    target: str = "chosen"


@dataclass(frozen=True)
class _Plain:
    n: int = 1


def test_a_field_is_read_where_the_kind_has_it_and_the_default_given_where_it_has_not():
    assert field_or(_Targeted(), "target", "") == "chosen"
    assert field_or(_Targeted("other"), "target", "") == "other"     # each record's own value
    assert field_or(_Plain(), "target", "none") == "none"
    assert field_or(_Plain(), "target", None) is None                # learnt once, still right
    assert field_or(_Plain(2), "n", 0) == 2


def test_the_fields_present_are_those_the_kind_has_in_the_order_asked():
    assert fields_present(_Targeted(), ("n", "target", "card")) == ("target",)
    assert fields_present(_Plain(), ("target", "n")) == ("n",)
    assert fields_present(_Plain(3), ("target",)) == ()              # learnt once, still right
