"""The JSON shapes shared by the CLI, the web and bulk I/O (pydantic models), and the
reading of JSON text from users with limits on size, depth and numbers."""
