"""What a web app is made with: the database and whether it is served over HTTPS."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class WebSettings:
    db: str
    """The database URL or SQLite path (as ``--db``)."""
    https: bool = False
    """Served over HTTPS (behind a proxy): cookies get the Secure flag."""
    public_url: str = ""
    """The address players' phones reach (for the QR codes); empty: the request's own."""
    export_dir: str = ""
    """Write each tournament's static pages here after every change (empty: never)."""
    backup_status: str = ""
    """The status file of the rotating backups ``mjref serve`` takes (empty: none are
    taken), shown on the organiser's dashboard (:mod:`mjref.store.snapshots`)."""
