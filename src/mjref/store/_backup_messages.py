"""English wording of the backups' messages: copying, checking and restoring a database,
and the installation's secret sealed with a passphrase."""

from mjref.messages import register

register(
    {
        "backup.passphrase-length": ("the passphrase must have {minimum} to {maximum} characters"),
        "backup.wrong-passphrase": (
            "this passphrase does not open the installation secret of the backup (a wrong "
            "passphrase, or a changed backup)"
        ),
        "backup.bad-seal": "the sealed installation secret of the backup is damaged",
        "backup.bad-seal-table": (
            "the backup's own table is damaged: its sealed installation secret is incomplete"
        ),
        "backup.dest-exists": (
            "there is a file here already: choose another name or a folder, or give --force "
            "to replace it"
        ),
        "backup.not-mjref": "this is not an mjref database (it has no schema revision)",
        "backup.not-sqlite": "this is not a backup made by mjref (not a SQLite database file)",
        "backup.damaged": "the backup is damaged and cannot be used: {problem}",
        "backup.unknown-revision": (
            "the backup has the schema revision {revision!r}, which this mjref does not know: "
            "restore it with the newer mjref that made it"
        ),
        "backup.no-guard": (
            "the backup's event log lacks its append-only guard ({triggers}): it was changed "
            "outside mjref"
        ),
        "backup.gap": (
            "tournament {tournament}: the log has no event at position {seq} (a position is "
            "missing)"
        ),
        "backup.bad-hash": (
            "tournament {tournament}: the event at position {seq} does not match its hash "
            "(a row was changed or removed)"
        ),
        "backup.bad-row": (
            "tournament {tournament}: the row at position {seq} is not an event's row (a "
            "value of the wrong type)"
        ),
        "backup.bad-event": (
            "tournament {tournament}: the event at position {seq} cannot be read: {problem}"
        ),
        "backup.refused-event": (
            "tournament {tournament}: the event at position {seq} breaks the tournament's "
            "rules: {problem}"
        ),
        "backup.failed": "{problem}",
        "backup.bad-account": "the account {name!r} of the backup cannot be read",
        "restore.dest-exists": (
            "there is a database here already: restore into a new file, or give --force to "
            "replace it (stop mjref serve first)"
        ),
        "restore.dest-not-empty": (
            "the database {database} holds mjref tables already: restore into a new, empty database"
        ),
        "restore.secret-nowhere": (
            "the database {database} is not a SQLite file, so the installation secret cannot "
            "be put beside it: set MJREF_SECRET_FILE (a file mjref writes, readable by its "
            "owner only)"
        ),
    }
)
