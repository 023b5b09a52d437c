"""How a real server answers: SuggestMove latency and throughput under concurrent clients, what
the HTTP port adds over gRPC and how it holds up against hostile clients, health checks while
calls are shed, a long soak of valid and malformed requests, and what ReviewGame, judged calls
and the coaching reasons cost in time per call."""
