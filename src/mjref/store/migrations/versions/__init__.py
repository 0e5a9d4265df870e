"""The migration steps, oldest first."""
