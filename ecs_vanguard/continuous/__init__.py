"""The continuous layer: derived values, scopes and conditions, read-only (DESIGN.md "Values are
derived, never copied"; CORE-05, CORE-09, CORE-15, LEG-14, TERM-01, ACT-26).

`scopes` and `conditions` hold the words that read facts only; `values` derives power,
critical, shield, drive, grade, restrictions and abilities from printed data, modifiers and
every continuous effect whose scope covers a card now, and holds `select`/`holds`, whose
filters and checks may read those derived values. The imports point one way:
scopes <- conditions <- values.
"""
