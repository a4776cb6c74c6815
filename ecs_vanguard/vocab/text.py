"""Control characters in text from files (issue 36): what is one, and how a terminal is shown one.

A card file may hold no control character (`cards.bounds.check_values` refuses them when a card
is loaded); text from other sources (a saved game, a deck file, a run) is escaped on its way to
a terminal (`printable`), so an ESC or BEL byte cannot move the cursor, retitle the window or
ring the bell: it shows as `\\x1b`, `\\x07`.
"""

from __future__ import annotations

import re

# C0 controls, DEL, C1 controls, the line and paragraph separators, and the bidirectional
# embeddings, overrides and isolates (they reorder what a terminal shows: "Trojan source").
_OTHERS = "\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
CONTROL = re.compile(f"[\x00-\x1f{_OTHERS}]")
# The same but the newline: what multi-line text (a card's text) may not hold.
CONTROL_BUT_NEWLINE = re.compile(f"[\x00-\x09\x0b-\x1f{_OTHERS}]")
# The same but the newline and the tab: what `printable` escapes.
_SHOWN = re.compile(f"[\x00-\x08\x0b-\x1f{_OTHERS}]")


def escaped(char: str) -> str:
    """Return a control character as it is written in Python (`\\x1b`, `\\u202e`)."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """Return `text` with every control character but the newline and the tab escaped, for a
    terminal (`\\x1b[2J` shows as the six characters `\\x1b[2J`)."""
    return _SHOWN.sub(lambda m: escaped(m.group()), text)
