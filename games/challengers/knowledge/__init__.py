"""What the search knows of Challengers! beyond its rules: the hand-written heuristics
(`heuristics`, `features` and the fitted `evaluation.json`) and the weights manifest
(`weights/`, read by `manifest`) whose engines are the game's evaluators
(`games.challengers.evaluators`)."""
