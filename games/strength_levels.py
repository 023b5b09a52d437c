"""Strength ladders of the games that do not play `search.levels.LEVELS`: levels 1..10, each row
a `search.levels.Level`'s fields (budget share, temperature, breadth, least visits), weakest
first, in plain numbers (`games/` imports no search). A game's facade offers its ladder as
`strength_levels`. They live outside the games' packages so that retuning a level does not
change a kernel's source version (`kernels.version`), which would compile the kernel afresh.

Challengers!' ladder keeps every level's search at a tenth of the budget or more and, from
level 2, draws only among moves tried twice or more; the least visits' share and the budget
weaken it (how it was tuned: benchmarks/TUNING.md, "Strength levels"; the measured ladder:
benchmarks/LEVELS.md).
"""

CHALLENGERS: tuple[tuple[float, float, int, int], ...] = (
    (0.1, 2.0, 30, 1),
    (0.1, 0.5, 12, 2),
    (0.1, 0.2, 8, 3),
    (0.14, 0.1, 5, 4),
    (0.195, 0.05, 5, 6),
    (0.27, 0.03, 4, 9),
    (0.375, 0.02, 3, 15),
    (0.52, 0.015, 3, 18),
    (0.72, 0.01, 2, 26),
    (1.0, 0.0, 1, 1),
)
