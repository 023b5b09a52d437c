"""The contract both sides share: the code generated from `proto/` (`contract.v1`) and the codecs
between its messages and the game engines' objects (`contract.codecs`).

The server (`advisor`) and the clients (`clients`) both import this package; a client never
imports the server.
"""
