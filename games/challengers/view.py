"""`render_observation`: the table as one seat sees it (hidden cards shown as "?")."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from .catalogue import KEY, PILE_LEVELS, SET_NAMES
from .flow import current_player
from .observation import HIDDEN, Observation, sample
from .power import attack_power, defence_power
from .render import card_text
from .state import D_EXTRA, D_OPTION, D_TRIM, MATCH, OVER, State
from .texts import EFFECT

_STEPS = {D_OPTION: "choose an option", D_EXTRA: "take the extra card",
          D_TRIM: "trim the deck"}
KEY_LINE = ("Key: x2 copies; ? unseen card; (set level, base power); r1 round-1 trophy; "
            "@s starter card")
"""What the table's marks mean, printed under it."""


def _keys(cards: Iterable[int]) -> str:
    """"cow x2, talent@s, ?" (hidden cards last)."""
    counts = Counter(cards)
    known = sorted((KEY[c], n) for c, n in counts.items() if c != HIDDEN)
    text = [f"{key} x{n}" if n > 1 else key for key, n in known]
    if counts[HIDDEN]:
        text.append(f"? x{counts[HIDDEN]}" if counts[HIDDEN] > 1 else "?")
    return ", ".join(text) or "-"


def _pile(cards: list[int]) -> str:
    """A draw pile in order, bottom first, runs of hidden cards counted: "? x5, cow, dog@s"."""
    runs: list[list[int]] = []
    for card in cards:
        if runs and card == HIDDEN and runs[-1][0] == HIDDEN:
            runs[-1][1] += 1
        else:
            runs.append([card, 1])
    text = [("?" if c == HIDDEN else KEY[c]) + (f" x{n}" if n > 1 else "") for c, n in runs]
    return ", ".join(text) or "-"


def visible_fans(o: Observation, p: int) -> int:
    """Fan tokens plus the fans of p's face-up trophies."""
    face_up = sum(max(o.trophy_fans[(t >> 2) - 1][t & 3], 0) for t in o.trophies[p])
    return max(o.fans[p] + face_up, 0)


def _who(o: Observation, p: int) -> str:
    if p == o.robot:
        return "robot"
    return f"seat {p} (you)" if p == o.seat else f"seat {p}"


def standings(o: Observation) -> str:
    """"seat 0 5 fans (r1, r2), seat 1 2 fans" as seat `o.seat` sees them."""
    parts = []
    for p in range(o.num_participants):
        trophies = ", ".join(f"r{t >> 2}" for t in o.trophies[p])
        won = f" ({trophies})" if trophies else ""
        who = "robot" if p == o.robot else f"seat {p}"
        parts.append(f"{who} {visible_fans(o, p)} fans{won}")
    return ", ".join(parts)


def _draft(o: Observation, drafter: int) -> list[str]:
    mine = drafter == o.seat
    step = _STEPS.get(o.draft_step, "pick cards")
    lines = [f"Deck phase of {_who(o, drafter)}: {step}"]
    if o.draft_step != D_OPTION and o.option_pile >= 0:
        redraw = "used" if o.redraw_used else "available"
        lines[0] += (f", pile {PILE_LEVELS[o.option_pile]}, {o.picks_left} pick(s) left, "
                     f"redraw {redraw}")
    if o.offer and mine:
        lines.append("Offer:")
        for c in o.offer:
            effect = f": {EFFECT[c]}" if EFFECT[c] else ""
            lines.append(f"  {KEY[c]}  {card_text(c)}{effect}")
    elif o.offer:
        lines.append(f"Offer: {len(o.offer)} card(s) you cannot see")
    return lines


def _match(o: Observation, world: State) -> list[str]:
    """The match; `world` is any sampled world (powers depend only on public cards)."""
    lines = [f"Match in park {o.park}:"]
    for p in (o.side_a, o.side_b):
        attacks = p == o.attacker
        power = attack_power(world, p) if attacks else defence_power(world, p)
        role = "attacks" if attacks else "holds the flag"
        draw = [card for card, _public in o.draws[p]]
        lines += [
            f"{_who(o, p)} {role} with {power}: {_keys(o.in_play[p])}",
            f"  draw pile, {len(draw)} card(s), bottom to top: {_pile(draw)}",
            "  bench: " + (" | ".join(_keys(seat) for seat in o.benches[p]) or "-"),
            f"  exhausted: {_keys(o.exhausted[p])}",
        ]
    return lines


def render_observation(o: Observation) -> str:
    """A readable picture of what seat `o.seat` knows: standings, decks, the draft or match."""
    sets = ", ".join(SET_NAMES[x] for x in o.sets)
    lines = [f"Challengers! {o.num_players} player(s), sets: {sets}; you are seat {o.seat}"]
    if o.phase == OVER:
        best = max(o.result or (0.0,))
        winners = [_who(o, p) for p, share in enumerate(o.result or ()) if share == best > 0]
        lines.append(f"Game over; won by {' and '.join(winners) or 'the robot'}")
        return "\n".join([*lines, f"Fans: {standings(o)}"])
    world = sample(o, random.Random(0))
    to_decide = current_player(world)
    stage = ("deck phase", "final" if o.finalists else "match", "final trimming")[o.phase]
    lines.append(f"Round {min(o.round, 7)}, {stage}; to decide: {_who(o, to_decide)}")
    lines.append("Piles A/B/C: " + " / ".join(str(n) for n in o.pile_sizes))
    lines.append(f"Fans: {standings(o)}")
    for p in range(o.num_players):
        if o.decks[p]:
            label = "your deck" if p == o.seat else f"seat {p} deck (last revealed)"
            lines.append(f"{label}: {_keys(o.decks[p])}")
    lines += _match(o, world) if o.phase == MATCH else _draft(o, to_decide)
    lines.append(KEY_LINE)
    return "\n".join(lines)

