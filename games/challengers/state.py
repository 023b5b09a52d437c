"""The full mutable state of one Challengers! tournament (hidden cards included).

Participants are the plans of the tournament: seats ``0..n-1`` are the players and, at an odd
table or in solo, participant ``n`` is the robot. Cards are card-type indices; a card in a draw
pile is a *code*: ``type | mask << 7`` where mask bit 1 means its owner knows it and bit 2 means
the owner's opponent knows it (both bits: public). The top of every pile is the end of its list.
"""

from __future__ import annotations

# phases
DECK, MATCH, FINAL_TRIM, OVER = 0, 1, 2, 3
# deck-phase steps
D_OPTION, D_PICK, D_EXTRA, D_TRIM = 0, 1, 2, 3
# per-participant deck-phase counters, visible across the table except the fans: picks per
# pile (3), trims to each discard (3), cards trimmed to the box, cards removed to pay a
# "when picked" cost, fans gained (Clones)
PH_PICK, PH_TRIM, PH_BOXED, PH_PAID, PH_FANS, PH_SIZE = 0, 3, 6, 7, 8, 9
# tags of discard and box entries
TAG_PUBLIC, TAG_NOBODY, TAG_TRIM = -2, -1, 100  # seat s = seen by s; TAG_TRIM + s = s's hidden trim

TYPE_MASK = 127
OWNER_KNOWS, OPP_KNOWS = 128, 256
PUBLIC_CODE = OWNER_KNOWS | OPP_KNOWS


class State:
    """One world of the game. Mutable; `clone` copies it cheaply."""

    __slots__ = (  # noqa: RUF023 (grouped by role)
        "n", "P", "robot", "sets", "robot_deck", "round", "phase",
        # deck phase
        "turn", "dstep", "opt_pile", "picks_left", "redraw_used", "offer",
        # level piles, their discard compartments and the box (with who has seen each card)
        "piles", "disc", "dtag", "box", "btag",
        # per participant
        "deck", "pub_deck", "fans", "trophies", "ph",
        "draw", "bench", "exh", "play", "rb", "ab", "nxt", "mpub", "hadd",
        # match
        "park", "ma", "mb", "att", "mstep", "pk", "pp", "pdata", "loser",
        # trophies and the end
        "tval", "revealed", "finalists", "result",
    )

    n: int
    P: int
    robot: int
    sets: tuple[str, ...]
    robot_deck: tuple[int, ...]
    round: int
    phase: int
    turn: int
    dstep: int
    opt_pile: int
    picks_left: int
    redraw_used: bool
    offer: list[int]
    piles: list[list[int]]
    disc: list[list[int]]
    dtag: list[list[int]]
    box: list[int]
    btag: list[int]
    deck: list[list[int]]
    pub_deck: list[list[int]]
    fans: list[int]
    trophies: list[list[int]]
    ph: list[list[int]]
    draw: list[list[int]]
    bench: list[list[list[int]]]
    exh: list[list[int]]
    play: list[list[int]]
    rb: list[list[int]]
    ab: list[list[int]]
    nxt: list[int]
    mpub: list[list[int]]
    hadd: list[list[int]]
    park: int
    ma: int
    mb: int
    att: int
    mstep: int
    pk: int
    pp: int
    pdata: int
    loser: int
    tval: list[list[int]]
    revealed: bool
    finalists: tuple[int, ...]
    result: tuple[float, ...] | None

    def clone(self) -> State:
        """An independent copy (lists copied, immutable values shared)."""
        c = State.__new__(State)
        c.n, c.P, c.robot, c.sets, c.robot_deck = (
            self.n, self.P, self.robot, self.sets, self.robot_deck)
        c.round, c.phase, c.turn, c.dstep = self.round, self.phase, self.turn, self.dstep
        c.opt_pile, c.picks_left, c.redraw_used = self.opt_pile, self.picks_left, self.redraw_used
        c.offer = self.offer[:]
        c.piles = [x[:] for x in self.piles]
        c.disc = [x[:] for x in self.disc]
        c.dtag = [x[:] for x in self.dtag]
        c.box, c.btag = self.box[:], self.btag[:]
        c.deck = [x[:] for x in self.deck]
        c.pub_deck = [x[:] for x in self.pub_deck]
        c.fans = self.fans[:]
        c.trophies = [x[:] for x in self.trophies]
        c.ph = [x[:] for x in self.ph]
        c.draw = [x[:] for x in self.draw]
        c.bench = [[seat[:] for seat in b] for b in self.bench]
        c.exh = [x[:] for x in self.exh]
        c.play = [x[:] for x in self.play]
        c.rb = [x[:] for x in self.rb]
        c.ab = [x[:] for x in self.ab]
        c.nxt = self.nxt[:]
        c.mpub = [x[:] for x in self.mpub]
        c.hadd = [x[:] for x in self.hadd]
        c.park, c.ma, c.mb, c.att, c.mstep = self.park, self.ma, self.mb, self.att, self.mstep
        c.pk, c.pp, c.pdata, c.loser = self.pk, self.pp, self.pdata, self.loser
        c.tval = self.tval  # never mutated after set-up (sample builds a new one)
        c.revealed, c.finalists, c.result = self.revealed, self.finalists, self.result
        return c

    def __repr__(self) -> str:
        return (f"<challengers.State n={self.n} round={self.round} phase={self.phase} "
                f"fans={self.fans}>")

    def all_cards(self) -> list[int]:
        """Every physical card of the game wherever it lies (types), for conservation checks."""
        out: list[int] = self.offer[:] + self.box
        for pile in self.piles:
            out += pile
        for d in self.disc:
            out += d
        for p in range(self.P):
            out += self.deck[p]
            out += [c & TYPE_MASK for c in self.draw[p]]
            for seat in self.bench[p]:
                out += seat
            out += self.exh[p] + self.play[p]
        return out
