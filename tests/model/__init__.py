"""Model-based tests: random sequences of commands driven through several paths at once."""
