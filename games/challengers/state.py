"""The full mutable state of one Challengers! tournament (hidden cards included).

Participants are the plans of the tournament: seats ``0..num_players-1`` are the players and,
at an odd table or in solo, participant ``num_players`` is the robot. Cards are card-type
indices; a card in a draw pile is a *code* (`draw_code`, `card_of`): its type plus whether its
owner and the owner's opponent know it. The top of every pile is the end of its list.
"""

from __future__ import annotations

from collections import Counter
from enum import IntEnum

from games.fields import with_clone


class Phase(IntEnum):
    """Where the tournament is."""

    DECK = 0  # the deck phase: drafting, then trimming
    MATCH = 1  # the round's matches
    FINAL_TRIM = 2  # the finalists trim their decks before the final
    OVER = 3


class DraftStep(IntEnum):
    """The drafting player's step in the deck phase."""

    OPTION = 0  # choose the round's draft option
    PICK = 1  # pick from the offer (or redraw it)
    EXTRA = 2  # an extra card after paying a "when picked" cost
    TRIM = 3  # trim the deck after drafting


# the members by name: a module global is read five times faster than `Phase.MATCH` on the
# engine's hot paths
DECK, MATCH, FINAL_TRIM, OVER = Phase
D_OPTION, D_PICK, D_EXTRA, D_TRIM = DraftStep

# per-participant deck-phase counters, visible across the table except the fans: picks per
# pile (3), trims to each discard (3), cards trimmed to the box, cards removed to pay a
# "when picked" cost, fans gained (Clones)
PH_PICK, PH_TRIM, PH_BOXED, PH_PAID, PH_FANS, PH_SIZE = 0, 3, 6, 7, 8, 9
# tags of discard and box entries
TAG_PUBLIC, TAG_NOBODY, TAG_TRIM = -2, -1, 100  # seat s = seen by s; TAG_TRIM + s = s's hidden trim

TYPE_MASK = 127
OWNER_KNOWS, OPP_KNOWS = 128, 256
PUBLIC_CODE = OWNER_KNOWS | OPP_KNOWS


def draw_code(card: int, owner_knows: bool, opponent_knows: bool) -> int:
    """The draw-pile code of `card` with who knows it.

    >>> card_of(draw_code(56, True, False)), is_public(draw_code(56, True, True))
    (56, True)
    """
    return card | (OWNER_KNOWS if owner_knows else 0) | (OPP_KNOWS if opponent_knows else 0)


def card_of(code: int) -> int:
    """The card type of a draw-pile code."""
    return code & TYPE_MASK


def is_public(code: int) -> bool:
    """Whether a draw-pile card is known to its owner and the owner's opponent."""
    return code & PUBLIC_CODE == PUBLIC_CODE


@with_clone
class State:
    """One world of the game. Mutable; `clone` copies it cheaply.

    The annotations below are the one list of fields (`games.fields`): `__slots__` and
    `clone` are made from them.
    """

    num_players: int
    num_participants: int  # num_players, plus the robot at an odd table
    robot: int  # the robot's participant index, -1 without one
    sets: tuple[str, ...]
    robot_deck: tuple[int, ...]
    round: int  # 1..7, then 8: the final
    phase: Phase
    # the deck phase
    turn: int  # the drafting player (an index into finalists in the final trim)
    draft_step: DraftStep
    option_pile: int  # the chosen option's pile (0 = A), -1 before the choice
    picks_left: int
    redraw_used: bool
    offer: list[int]
    # level piles, their discard compartments and the box, each card tagged with who saw it
    piles: list[list[int]]
    discards: list[list[int]]
    discard_tags: list[list[int]]
    box: list[int]
    box_tags: list[int]
    # per participant
    decks: list[list[int]]
    public_deck: list[list[int]]  # each deck as the table last saw it
    fans: list[int]
    trophies: list[list[int]]  # round << 2 | park
    phase_counters: list[list[int]]  # PH_* counters of the current deck phase
    draws: list[list[int]]  # draw pile codes in a match, bottom first
    benches: list[list[list[int]]]
    exhausted: list[list[int]]
    in_play: list[list[int]]
    play_bonus: list[list[int]]  # per card in play: effects' power bonus
    play_attack: list[list[int]]  # per card in play: attack-only bonus
    next_attack_bonus: list[int]
    match_public: list[list[int]]  # the deck as revealed at the match's start
    hidden_adds: list[list[int]]  # cards added unseen from each level pile in this match
    # the match being played
    park: int
    side_a: int
    side_b: int
    attacker: int
    match_step: int
    pending_kind: int  # a decision an effect left to a participant (decisions.py), 0 none
    pending_participant: int
    pending_data: int
    loser: int
    # trophies and the end
    trophy_fans: tuple[tuple[int, ...], ...]  # 7 rounds x 4 parks
    revealed: bool
    finalists: tuple[int, ...]
    result: tuple[float, ...] | None
    # a measurement's tally, None in play: (participant, card type) -> that card's effects
    # that resolved with their condition met (`match`). Clones share it.
    effect_counts: Counter[tuple[int, int]] | None

    __slots__ = tuple(__annotations__)

    def clone(self) -> State:
        """An independent copy (lists copied, immutable values shared)."""
        raise NotImplementedError  # written by with_clone from the annotations

    def __repr__(self) -> str:
        return (f"<challengers.State num_players={self.num_players} round={self.round} "
                f"phase={self.phase.name} fans={self.fans}>")

    def all_cards(self) -> list[int]:
        """Every physical card of the game wherever it lies (types), for conservation checks."""
        out: list[int] = self.offer[:] + self.box
        for pile in self.piles:
            out += pile
        for d in self.discards:
            out += d
        for p in range(self.num_participants):
            out += self.decks[p]
            out += [c & TYPE_MASK for c in self.draws[p]]
            for seat in self.benches[p]:
                out += seat
            out += self.exhausted[p] + self.in_play[p]
        return out
