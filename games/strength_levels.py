"""Strength ladders of the games that do not play `search.levels.LEVELS`: levels 1..10, each row
a `search.levels.Level`'s fields (budget share, temperature, breadth, least visits), weakest
first, in plain numbers (`games/` imports no search). A game's facade offers its ladder as
`strength_levels`. They live outside the games' packages so that retuning a level does not
change a kernel's source version (`kernels.version`), which would compile the kernel afresh.

Challengers! (measured at 200 iterations a move): its search at a handful of iterations plays
about as its move priors do, and worse when it draws by the values of moves tried once or twice,
so every level searches at least a tenth of the budget, and all but level 1 draw only among
moves tried at least twice. What weakens a level is how many moves pass that floor, the least
visits as a share of the level's iterations (f), and its budget; the temperature barely matters
here, as the few moves that pass have close values. A first ladder measured (186 games a pair)
about +165 Elo for each 5 points of f at 20 iterations (levels 1-3: f = 5, 10, 15%), nothing
where two levels had the same f and budget, and about +50 where the budget grew 1.6 times
while f fell. So levels 3-9 keep f at 14-20% and grow the budget about 1.4 times a level (level
7's f raised from 17% to 20% when 7 v 6 measured +19 [-15, +53]): monotone, 40-200 Elo a step,
every step above zero at 95% (benchmarks/LEVELS.md).
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
