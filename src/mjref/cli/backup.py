"""``mjref backup`` and ``mjref restore``: a consistent copy of a live database (the
installation's secret sealed inside with the organiser's passphrase), the check of a copy,
and putting a checked copy back (``docs/deploy.md``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from mjref.cli import _backup_messages, io  # noqa: F401  (registers the wording)
from mjref.cli.errors import usage
from mjref.cli.options import JsonOption, LangOption, language
from mjref.cli.tournament_options import DbOption, installation_secret, now, opened, progress
from mjref.i18n import render
from mjref.messages import Message
from mjref.wire.streams import StreamError

if TYPE_CHECKING:
    from mjref.store.restore import BackupReport
    from mjref.store.sealed import Sealed
    from mjref.store.snapshots import Snapshots

MAX_PASSPHRASE_FILE = 4000
DEFAULT_EVERY = 10
"""Minutes between two of ``mjref serve``'s backups when ``--backup-every`` is not given."""

PassphraseFileOption = Annotated[
    str | None,
    typer.Option(
        "--passphrase-file",
        help="A file whose first line is the passphrase sealing the installation secret"
        " (default: asked for on a terminal).",
        show_default=False,
    ),
]


def _shown(path: object) -> str:
    from mjref.store.backup import shown_path

    return shown_path(path)


def _say(key: str, lang: str, **params: object) -> None:
    io.write(render(Message(key, params), lang))


def _note(key: str, lang: str, **params: object) -> None:
    progress(Message(key, params), lang)


def read_passphrase(path: str) -> str:
    """The first line of the file ``path`` (``-``: standard input)."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_PASSPHRASE_FILE)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_PASSPHRASE_FILE)
    except OSError as error:
        raise StreamError.reading(_shown(path), error) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise usage("cli.backup.passphrase-not-text", "--passphrase-file") from None
    lines = text.splitlines()
    return lines[0] if lines else ""


def passphrase(given: str | None, lang: str, *, twice: bool) -> str | None:
    """The passphrase: from ``--passphrase-file``, else typed at a hidden prompt on a
    terminal (an empty answer: none), else none."""
    from mjref.store.sealed import check_passphrase

    if given is not None:
        return check_passphrase(read_passphrase(given), "--passphrase-file")
    if not sys.stdin.isatty():
        return None
    ask = "cli.backup.ask" if twice else "cli.backup.ask-restore"
    first = str(
        typer.prompt(
            render(Message(ask, {}), lang),
            default="",
            show_default=False,
            hide_input=True,
            err=True,
        )
    )
    if not first:
        return None
    check_passphrase(first, "--passphrase-file")
    if twice:
        again = typer.prompt(
            render(Message("cli.backup.ask-again", {}), lang), hide_input=True, err=True
        )
        if again != first:
            raise usage("cli.backup.passphrases-differ", "--passphrase-file")
    return first


def sealed_secret(db: str | None, phrase: str | None) -> Sealed | None:
    """The installation secret of ``db`` sealed with ``phrase`` (``None`` without a
    passphrase, or when the database has no secret yet)."""
    from mjref.store.backup import existing_secret
    from mjref.store.database import database_url
    from mjref.store.sealed import seal

    if phrase is None:
        return None
    secret = existing_secret(database_url(db))
    return None if secret is None else seal(secret, phrase)


class _Progress:
    """Notes of a long copy on standard error, at every tenth (copies of four steps or
    more only)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.shown = 0

    def __call__(self, done: int, total: int) -> None:
        from mjref.store.backup import STEP_PAGES

        if total < 4 * STEP_PAGES or total <= 0:
            return
        tenth = done * 10 // total
        if tenth > self.shown:
            self.shown = tenth
            _note("cli.backup.progress", self.lang, percent=tenth * 10)


def backup_command(
    dest: Annotated[
        str | None,
        typer.Argument(
            help="The backup file to write, or a folder (a file named by the time is made in it).",
            show_default=False,
        ),
    ] = None,
    db: DbOption = None,
    check: Annotated[
        str | None,
        typer.Option(
            "--check",
            help="Check this backup file instead (nothing is written).",
            show_default=False,
        ),
    ] = None,
    passphrase_file: PassphraseFileOption = None,
    force: Annotated[bool, typer.Option("--force", help="Replace DEST if it exists.")] = False,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """A consistent copy of the database while mjref serve goes on (SQLite's online
    backup; PostgreSQL: a portable SQLite copy), with the installation secret sealed by a
    passphrase; --check FILE checks a backup instead."""
    lang = language(lang)
    if check is not None:
        if dest is not None:
            raise usage("cli.backup.check-or-dest", "--check")
        _show_report(_checked(Path(check)), as_json, lang)
        return
    if dest is None:
        raise usage("cli.missing", None, what="DEST")
    from mjref.store.backup import backup

    phrase = passphrase(passphrase_file, lang, twice=True)
    sealed = sealed_secret(db, phrase)
    taken_at = now().isoformat(timespec="seconds")
    made = backup(
        db, Path(dest), taken_at=taken_at, sealed=sealed, replace=force, progress=_Progress(lang)
    )
    if as_json:
        io.write_json(
            {
                "path": made.path,
                "size": made.size,
                "revision": made.revision,
                "tournaments": made.tournaments,
                "events": made.events,
                "secret": made.secret,
                "taken_at": made.taken_at,
            }
        )
    else:
        _say(
            "cli.backup.written",
            lang,
            path=_shown(made.path),
            tournaments=made.tournaments,
            events=made.events,
            size=made.size,
        )
        if made.secret:
            _say("cli.backup.secret-sealed", lang)
    if not made.secret:
        _note("cli.backup.no-secret", lang)


def _checked(path: Path) -> BackupReport:
    from mjref.store.restore import check_backup

    return check_backup(path)


def _report_json(report: BackupReport) -> dict[str, object]:
    return {
        "path": report.path,
        "revision": report.revision,
        "tournaments": [
            {"tournament": t.tournament, "events": t.events} for t in report.tournaments
        ],
        "events": report.events,
        "accounts": report.accounts,
        "taken_at": report.taken_at,
        "source": report.source,
        "secret": report.sealed is not None,
    }


def _show_report(report: BackupReport, as_json: bool, lang: str) -> None:
    if as_json:
        io.write_json({"whole": True, **_report_json(report)})
        return
    _say(
        "cli.backup.whole",
        lang,
        path=report.path,
        revision=report.revision,
        events=report.events,
        accounts=report.accounts,
    )
    for checked in report.tournaments:
        line = Message(
            "cli.backup.tournament",
            {"tournament": _shown(checked.tournament), "events": checked.events},
        )
        io.write("  " + render(line, lang))
    if report.taken_at:
        _say("cli.backup.taken", lang, at=report.taken_at, source=report.source or "?")
    _say("cli.backup.has-secret" if report.sealed else "cli.backup.lacks-secret", lang)


def restore_command(
    src: Annotated[str, typer.Argument(help="The backup file.", show_default=False)],
    db: Annotated[
        str,
        typer.Option(
            "--db",
            help="The database to restore into: a new SQLite file, or the URL of an empty"
            " PostgreSQL database.",
            show_default=False,
        ),
    ],
    passphrase_file: PassphraseFileOption = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace an existing SQLite file (stop mjref serve first)."),
    ] = False,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Check a backup (schema revision, every tournament's log folds, the hash chain,
    the accounts) and restore it as a new database, with its installation secret; a broken
    backup is refused, naming the first bad tournament and position."""
    from mjref.store.restore import restore

    lang = language(lang)
    phrase = passphrase(passphrase_file, lang, twice=False)
    restored = restore(Path(src), db, passphrase=phrase, force=force)
    report = restored.report
    if as_json:
        io.write_json(
            {
                "database": restored.database,
                "secret_file": restored.secret_path,
                **_report_json(report),
            }
        )
    else:
        _say(
            "cli.backup.restored",
            lang,
            path=report.path,
            database=_shown(restored.database),
            tournaments=len(report.tournaments),
            events=report.events,
        )
        if restored.secret_path is not None:
            _say("cli.backup.secret-back", lang, file=_shown(restored.secret_path))
    if restored.secret_path is not None and os.environ.get("MJREF_SECRET"):
        _note("cli.backup.secret-environment", lang)  # the variable wins over the file
    if restored.secret_path is None:
        if report.sealed is None:
            _note("cli.backup.restored-no-secret", lang)
        elif phrase is None:
            _note("cli.backup.restored-no-passphrase", lang)
        else:
            _note("cli.backup.secret-environment", lang)


def start_snapshots(
    db: str | None,
    folder: str,
    every: int | None,
    keep: int,
    passphrase_file: str | None,
    lang: str,
) -> Snapshots | None:
    """``mjref serve``'s rotating backups: started when ``folder`` is given (every
    ``every`` minutes, default :data:`DEFAULT_EVERY`), ``None`` otherwise; the folder must
    be there already (a USB stick not plugged in is said at once, not later)."""
    import tempfile

    from mjref.store.snapshots import Snapshots

    if not folder:
        if every is not None:
            raise usage("cli.serve.backup-both", "--backup-every")
        return None
    where = Path(folder)
    if not where.is_dir():
        raise usage("cli.serve.backup-dir", "--backup-dir", folder=_shown(folder))
    minutes = DEFAULT_EVERY if every is None else every
    with opened(db) as log:
        installation_secret(log)  # the server makes it anyway: made now, it is in the backups
    phrase = passphrase(passphrase_file, lang, twice=True)
    sealed = sealed_secret(db, phrase)
    if sealed is None:
        _note("cli.backup.no-secret", lang)
    status = Path(tempfile.mkdtemp(prefix="mjref-backups-")) / "status.json"
    snapshots = Snapshots(db, where, minutes, keep, status, sealed=sealed, clock=now)
    snapshots.start()
    _note("cli.serve.backups", lang, every=minutes, folder=_shown(folder), keep=keep)
    return snapshots
