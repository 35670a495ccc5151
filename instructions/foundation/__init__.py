"""What every layer may use: the wire contract and its limits, domain errors, stored-text validation,
request parameters, the render cache and the client address."""
