"""Adapter: the venue web app (``mjref serve``). FastAPI with server-rendered Jinja2
pages for the organiser, referees, table scorers and the public, and a JSON API; it calls
the same services as the command line and holds no rules of its own (``docs/web.md``)."""
