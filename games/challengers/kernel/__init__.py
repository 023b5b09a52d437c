"""Challengers! compiled with numba: the Python engine again over one flat integer array.

Each module is named after the rules module it mirrors (its twin, the reference and the oracle):

- `game`: the kernel's contract (`search.compiled_game`), its entry points and constants, at
  the hand-written worth (`knowledge.HAND_WRITTEN`'s); `compiled.LOGISTIC` hands it to the search;
- `learned`: the priors and playouts of a learned engine, generic: `compiled.LearnedCompiled`
  binds each manifest engine's worth into them (`knowledge`; `game.GAME`'s is the default);
- `layout`: where each field of `state.State` lives in the world array, and list helpers;
- `state`: a Python `state.State` as a world array and back;
- `actions`: dense action codes (`action_of` / `code_of` to `actions.Action`);
- `catalogue`: the tables of `catalogue` and `effects` (per card type, its effects) as arrays;
- `match`: `zones`, `effects`, `power`, `match` and `decisions`: a match, step for step;
- `flow`: `draft` and `flow`: the deck phase, pairings, trophies, the end and the final;
- `heuristics`: `heuristics` and `features`: the playout policy, the priors, the evaluation;
- `observation`: an `observation.Observation` as the kernel's observation array;
- `sample`: `observation.sample`, worlds drawn from that array.

The package imports nothing: importing it compiles nothing.
"""
