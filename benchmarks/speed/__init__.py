"""How fast: the rules engines' plies and calls per second (Python and compiled kernels), the
search's iterations per second and its memory, whole-game playouts with the engines' invariant
checks after every move, the learned evaluation's cost per call, a refactor against another
checkout, and how long the service takes to start with a cold and a warm numba cache."""
