"""Challengers!' evaluators (`search.evaluator.Evaluator`): the hand-written card worth, and the
learned knowledge as data: the card-worth networks of a weights folder and the engines its
`manifest.json` composes from them (the layout `games.weights` reads for every game).

A `card-worth` network is a `heuristics.Worth` table (a pick worth and a trim term per card
type, and the priors' temperature) in a JSON file; the manifest lists each by id
(architecture and its version, file, the table sizes it was fitted for, what admitted it,
status). An engine entry names the network of its priors (`priors`) and of its playouts
(`playouts`; null: the hand-written worth, `heuristics.TODAY`); the one whose status is
`default` is the game's default evaluator (`evaluators.EVALUATOR`). Adding a table adds its
weight file and manifest entries and edits no code; the fit writes new entries
(`add_network`), never over one. `$CHALLENGERS_WEIGHTS` names a folder to read instead of the
package's `weights/` (a trial's). Each engine has a compiled twin (`compiled.LearnedCompiled`),
cached under a hash of its networks' files and of the code.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games import weights
from games.challengers.actions import Action
from games.challengers.catalogue import NUM_TYPES
from games.challengers.knowledge import heuristics
from games.challengers.knowledge.heuristics import TODAY, Worth
from games.challengers.state import State
from kernels.version import source_version

if TYPE_CHECKING:
    from games.challengers.compiled import ChallengersCompiled, LearnedCompiled

FOLDER_VARIABLE = "CHALLENGERS_WEIGHTS"
SHIPPED = Path(__file__).with_name("weights")
SOURCE = source_version("games.challengers", "kernels")
"""The hash of the code a worth table is scored by (the rules, the heuristics, the kernel):
part of every cache tag, since numba's cache sees only a function's own source file."""


def read_worth(text: str) -> Worth:
    """The worth table a `card-worth` file holds; ValueError if it was fitted for a catalogue
    of another size."""
    fitted = json.loads(text)
    pick, trim = fitted["pick"], fitted["trim"]
    if len(pick) != NUM_TYPES or len(trim) != NUM_TYPES:
        raise ValueError(f"{len(pick)} pick worths and {len(trim)} trim terms for the "
                         f"catalogue's {NUM_TYPES} card types")
    return Worth(tuple(float(x) for x in pick), tuple(float(x) for x in trim),
                 float(fitted["temperature"]))


CARD_WORTH = weights.Architecture("card-worth", 1, read_worth)
ARCHITECTURES = {CARD_WORTH.name: CARD_WORTH}


class ByWorth:
    """An evaluator by card worth: the hand-written static value, priors at `worth` and
    playouts at `playout_worth`."""

    def __init__(self, worth: Worth, playout_worth: Worth):
        self.worth = worth
        """The card worth of the priors."""
        self.playout_worth = playout_worth
        """The card worth of the playouts."""

    def evaluate(self, state: State) -> list[float]:
        """Static estimate of each seat's chance to win."""
        return heuristics.evaluate(state)

    def priors(self, state: State, actions: Sequence[Action]) -> list[float]:
        """Heuristic probabilities over `actions` at the priors' worth."""
        return heuristics.priors(state, actions, self.worth)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """A cheap heuristic move at the playouts' worth."""
        return heuristics.rollout_action(state, rng, worth=self.playout_worth)


class HandWritten(ByWorth):
    """The hand-written worth in priors and playouts (`heuristics.TODAY`; `value=logistic`)."""

    id = "logistic"

    def __init__(self) -> None:
        super().__init__(TODAY, TODAY)

    @property
    def compiled(self) -> ChallengersCompiled:
        """Its numba twin, `compiled.LOGISTIC` (imported on first use: it loads numba)."""
        from games.challengers.compiled import LOGISTIC

        return LOGISTIC


HAND_WRITTEN = HandWritten()


class LearnedWorth(ByWorth):
    """One engine of the manifest: the worth of its priors and of its playouts, and its
    compiled twin."""

    def __init__(self, engine_id: str, worth: Worth, playout_worth: Worth, version: str,
                 folder: Path, networks: tuple[str, ...]):
        super().__init__(worth, playout_worth)
        self.id = engine_id
        self.version = version
        """A tag of its networks' files and of the code: its compiled twin's kernel version."""
        self.folder = folder
        self.networks = networks
        """The ids of the networks it reads, each once (the priors' first)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its folder and id (a worker process reads the manifest itself)."""
        return knowledge_of, (str(self.folder), self.id)

    @functools.cached_property
    def compiled(self) -> LearnedCompiled:
        """The numba twin: `kernel.game` with this engine's worth in its priors and playouts
        (imported on first use: it loads numba)."""
        from games.challengers.compiled import LearnedCompiled

        return LearnedCompiled(self.worth, self.playout_worth, self.version)


Manifest = weights.Manifest[LearnedWorth]
"""A weights folder's engines by id, the default's first."""


def read_manifest(folder: Path) -> Manifest:
    """The engines `folder/manifest.json` names; ValueError naming the entry and field at
    fault."""
    path, data = weights.read_json(folder)
    networks = weights.read_networks(folder, data, ARCHITECTURES, SOURCE)
    engines = {engine_id: _engine(networks, engine_id, entry, f"{path}: engine {engine_id!r}",
                                  folder)
               for engine_id, entry in data["engines"].items()}
    default = weights.default_engine(path, data)
    return Manifest.of(folder, engines, default)


def _engine(networks: Mapping[str, weights.Network], engine_id: str, entry: Mapping[str, Any],
            where: str, folder: Path) -> LearnedWorth:
    """The engine `entry` composes of `networks`."""
    priors = weights.network_named(networks, entry.get("priors"), CARD_WORTH.name, where,
                                   "priors")
    if "playouts" not in entry:
        raise ValueError(f"{where}: playouts must name a {CARD_WORTH.name} network of the "
                         "manifest, or be null (the hand-written worth)")
    playouts = (None if entry["playouts"] is None else
                weights.network_named(networks, entry["playouts"], CARD_WORTH.name, where,
                                      "playouts"))
    playout_tag = "today" if playouts is None else playouts.tag
    version = f"worth{weights.digest(priors.tag.encode(), playout_tag.encode())}{SOURCE}"
    read = tuple(dict.fromkeys(n.id for n in (priors, playouts) if n is not None))
    return LearnedWorth(engine_id, priors.weights,
                        TODAY if playouts is None else playouts.weights, version, folder, read)


@functools.cache
def manifest() -> Manifest:
    """The manifest of `$CHALLENGERS_WEIGHTS`' folder or the package's, read once per
    process."""
    return read_manifest(weights.folder_of(FOLDER_VARIABLE, SHIPPED))


def default() -> LearnedWorth:
    """The manifest's default engine: the game's default evaluator."""
    found = manifest()
    return found.engines[found.default]


def add_network(folder: Path, network_id: str, text: str, about: Mapping[str, Any]) -> Path:
    """Write the card worth `text` into `folder` as network `network_id`, a new manifest entry
    of status `candidate` with `about` (`games.weights.add_network`: never over an id or a
    file). Returns the weight file's path."""
    return weights.add_network(folder, network_id, CARD_WORTH, text, about)


def knowledge_of(folder: str, engine_id: str) -> LearnedWorth:
    """Engine `engine_id` of the manifest in `folder` (read once per process if it is
    `manifest()`'s): how a pickled `LearnedWorth` comes back."""
    found = manifest()
    if found.folder != Path(folder):
        found = read_manifest(Path(folder))
    return found.engines[engine_id]
