"""Strength ladders of the games that do not play `search.levels.LEVELS`: levels 1..10, each row
a `search.levels.Level`'s fields (budget share, temperature, breadth, least visits), weakest
first, in plain numbers (`games/` imports no search). A game's facade offers its ladder as
`strength_levels`. They live outside the games' packages so that retuning a level does not
change a kernel's source version (`kernels.version`), which would compile the kernel afresh.

Challengers! (measured at 200 iterations a move): its search at a handful of iterations plays
about as its move priors do, and worse when it draws by the values of moves tried once or twice,
so every level searches at least a tenth of the budget, and all but level 1 draw only among
moves tried at least twice. What weakens a level is mostly how many moves pass that floor: the
least visits as a share of the level's iterations (10% at level 2, 15% at level 3, 20% at level
5) and the budget (levels 6-10); the temperature barely matters here, as the few moves that
pass have close values. Levels 2 v 1 once differed only by temperature and breadth and came out
even, so level 1 draws among every move its search tried.
"""

CHALLENGERS: tuple[tuple[float, float, int, int], ...] = (
    (0.1, 2.0, 30, 1),
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
