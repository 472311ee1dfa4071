"""Sentences from one seat's side of the table: "you" for the viewer, a display name for the rest.

Engines write their own sentences (the page only shows them), so the grammar lives here once:
subject, possessive and verb agreement for "you" against a name such as "the computer" or
"Player 2". Names are the bridge's display names (``State.names``), never part of a record.

>>> names = ("Player 1", "the computer")
>>> me, rival = Party.of(0, 0, names), Party.of(1, 0, names)
>>> sentence(f"{me.subject} {me.verb('follow', 'follows')} the feint.")
'You follow the feint.'
>>> sentence(f"{rival.possessive} 7♠ is discarded.")
"The computer's 7♠ is discarded."
>>> Party.of(1, None, names).subject   # a spectator sees everyone in the third person
'the computer'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class Party:
    """One seat as a sentence names it for a given viewer."""

    name: str
    you: bool

    @classmethod
    def of(cls, seat: int, viewer: int | None, names: Sequence[str]) -> "Party":
        return cls(names[seat], seat == viewer)

    @property
    def subject(self) -> str:
        """"you" or the name; also the object form (English keeps them alike here)."""
        return "you" if self.you else self.name

    @property
    def possessive(self) -> str:
        return "your" if self.you else f"{self.name}'s"

    @property
    def own(self) -> str:
        """Whose, when this seat is the sentence's subject too ("the computer played on its pile"):
        "your"; "its" for a seat named as a thing, with an article ("the computer"); else "their".

        >>> [Party(name, you).own for name, you in (("Player 1", True), ("the computer", False), ("Player 2", False))]
        ['your', 'its', 'their']
        """
        if self.you:
            return "your"
        return "its" if self.name.lower().startswith(("the ", "a ", "an ")) else "their"

    def verb(self, plain: str, third: str) -> str:
        """The verb agreeing with this subject: ``verb("follow", "follows")``."""
        return plain if self.you else third


def sentence(text: str) -> str:
    """Capitalise the first letter only ("the computer bleeds" -> "The computer bleeds")."""
    return text[:1].upper() + text[1:]
