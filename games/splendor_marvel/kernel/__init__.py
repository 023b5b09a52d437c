"""Splendor: Marvel compiled with numba, one module per rules module it mirrors.

- `game`: the module handed to the compiled search (`search.compiled_game`'s contract);
- `layout`: the world and observation arrays' cells (the twin of `state.SplendorState`);
- `catalogue`: the engine's card, location and supply tables as arrays (`catalogue`);
- `actions`: the action codes' blocks (`actions`);
- `rules`: legal actions and apply, and the small questions they ask (`rules`);
- `sample`: a world drawn from an observation (`observation.sample`);
- `heuristics`: the playout policy, the priors and the evaluation (`heuristics`, `features`);
- `invariants`: the engine's self-check (`invariants`) and the playouts' move.
"""
