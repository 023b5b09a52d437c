"""The value network's shape and arithmetic, with no weights loaded: read and forward pass.

Shared by `network` (which loads the shipped weights) and the trainer
(`scripts/train_splendor_network.py`, which has weights of its own).
"""

from __future__ import annotations

import json

import numpy as np

from games.splendor_marvel.kernel.layout import MAX_PLAYERS
from games.splendor_marvel.knowledge.network_features import NUM_INPUTS, RACE_FEATURES

Weights = tuple[np.ndarray, ...]
"""(W1, b1, W2, b2, W3, b3): two hidden ReLU layers, then `MAX_PLAYERS` logits."""


def read_weights(text: str) -> Weights:
    """The weights in a `network.json` text; ValueError if they do not fit the features."""
    data = json.loads(text)
    if data["inputs"] not in (NUM_INPUTS, NUM_INPUTS + RACE_FEATURES):
        raise ValueError(f"the network has {data['inputs']} inputs, the features "
                         f"{NUM_INPUTS} (or {NUM_INPUTS + RACE_FEATURES} with the race "
                         "inputs): retrain it")
    arrays = []
    for layer in data["layers"]:
        arrays.append(np.array(layer["weight"], dtype=np.float64))
        arrays.append(np.array(layer["bias"], dtype=np.float64))
    if len(arrays) != 6 or arrays[4].shape[0] != MAX_PLAYERS:
        raise ValueError(f"the network must hold 3 layers ending in {MAX_PLAYERS} logits")
    return tuple(arrays)


def forward(x: np.ndarray, weights: Weights) -> np.ndarray:
    """The `MAX_PLAYERS` logits of inputs `x` (a row of inputs per row of logits)."""
    w1, b1, w2, b2, w3, b3 = weights
    hidden = np.maximum(x @ w1.T + b1, 0.0)
    hidden = np.maximum(hidden @ w2.T + b2, 0.0)
    out: np.ndarray = hidden @ w3.T + b3
    return out
