"""vocab.fields.field_or: getattr with a default for the card language's records, which learns
once a kind whether it has the field (issue 34)."""

from __future__ import annotations

from dataclasses import dataclass

from ecs_vanguard.vocab.fields import field_or


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
