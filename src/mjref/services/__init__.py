"""Use cases shared by the CLI and the web: one function per use case."""
