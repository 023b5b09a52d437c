"""Strength ladders of the games that do not play `search.levels.LEVELS`: levels 1..10, each row
a `search.levels.Level`'s fields (budget share, temperature, breadth, least visits), weakest
first, in plain numbers (`games/` imports no search). A game's facade offers its ladder as
`strength_levels`. They live outside the games' packages so that retuning a level does not
change a kernel's source version (`kernels.version`), which would compile the kernel afresh.

Challengers!: its search at a handful of iterations plays
about as its move priors do, and worse when it draws by barely-tried moves' values, so every
level searches at least a tenth of the budget and draws only among moves tried at least twice.
Levels 5-10 weaken mostly by budget (each searches about 1.6 times less than the one above),
levels 1-4 by noise among the plausible moves of the same small search. Measured in
benchmarks/LEVELS.md.
"""

CHALLENGERS: tuple[tuple[float, float, int, int], ...] = (
    (0.1, 2.0, 30, 2),
    (0.1, 0.5, 12, 2),
    (0.1, 0.2, 8, 3),
    (0.1, 0.1, 5, 3),
    (0.1, 0.05, 5, 4),
    (0.16, 0.03, 4, 5),
    (0.25, 0.02, 3, 6),
    (0.4, 0.015, 3, 8),
    (0.63, 0.01, 2, 10),
    (1.0, 0.0, 1, 1),
)
