"""What the search knows of Splendor: Marvel beyond its rules: the hand-written heuristics
(`heuristics`, `features` and the fitted `evaluation.json`), the networks' inputs and
architectures (`network_features`, `network`, `network_policy`, `dense`), and the weights
manifest (`weights/`, read by `manifest`) whose engines are the game's evaluators
(`games.splendor_marvel.evaluators`)."""
