"""Building blocks shared by compiled (numba) game kernels and the compiled search.

Neither a game nor the search: both import it, so neither imports the other.
"""
