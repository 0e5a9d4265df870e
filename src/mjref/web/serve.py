"""Starting the web app under Uvicorn: the settings travel in environment variables so
that every worker process (``--workers N``) builds the same app (``docs/web.md``)."""

from __future__ import annotations

import os
from typing import Any

from mjref.web.app import create_app
from mjref.web.settings import WebSettings

DB_VARIABLE = "MJREF_DB"
HTTPS_VARIABLE = "MJREF_HTTPS"
PUBLIC_URL_VARIABLE = "MJREF_PUBLIC_URL"
EXPORT_VARIABLE = "MJREF_EXPORT_DIR"
BACKUP_STATUS_VARIABLE = "MJREF_BACKUP_STATUS"


def settings_from_env() -> WebSettings:
    return WebSettings(
        db=os.environ.get(DB_VARIABLE, "mjref.db"),
        https=os.environ.get(HTTPS_VARIABLE, "") == "1",
        public_url=os.environ.get(PUBLIC_URL_VARIABLE, ""),
        export_dir=os.environ.get(EXPORT_VARIABLE, ""),
        backup_status=os.environ.get(BACKUP_STATUS_VARIABLE, ""),
    )


def app_from_env() -> Any:
    """The app factory Uvicorn calls in each worker."""
    return create_app(settings_from_env())


def run(settings: WebSettings, host: str, port: int, workers: int) -> None:
    import uvicorn

    os.environ[DB_VARIABLE] = settings.db
    os.environ[HTTPS_VARIABLE] = "1" if settings.https else ""
    os.environ[PUBLIC_URL_VARIABLE] = settings.public_url
    os.environ[EXPORT_VARIABLE] = settings.export_dir
    os.environ[BACKUP_STATUS_VARIABLE] = settings.backup_status
    uvicorn.run(
        "mjref.web.serve:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        proxy_headers=settings.https,
        log_level="warning",
    )
