"""The answers to a deal's questions, over the exact engines: the instant and structural
certificates, the portfolio that picks an engine and a budget, ``check`` (a verdict) and
``goals`` (the fewest steps, the best score, the most cards of a rank)."""
