"""English wording of ``mjref backup``'s and ``mjref restore``'s own messages, and of the
backup options of ``mjref serve``."""

from mjref.messages import register

register(
    {
        "cli.backup.ask": (
            "Passphrase sealing the installation secret in the backup (empty: leave it out)"
        ),
        "cli.backup.ask-again": "The same passphrase again",
        "cli.backup.ask-restore": (
            "Passphrase of the installation secret in the backup (empty: restore without it)"
        ),
        "cli.backup.passphrases-differ": "the two passphrases differ",
        "cli.backup.passphrase-not-text": "the passphrase file is not UTF-8 text",
        "cli.backup.check-or-dest": (
            "give either a backup to write (DEST) or --check FILE, not both"
        ),
        "cli.backup.progress": "copied {percent}%",
        "cli.backup.written": (
            "backup written: {path} ({tournaments} tournament(s), {events} events, {size} bytes)"
        ),
        "cli.backup.secret-sealed": (
            "the installation secret is inside, sealed with the passphrase: keep the passphrase "
            "apart from the backup"
        ),
        "cli.backup.no-secret": (
            "warning: the backup holds no installation secret (no passphrase given, or none "
            "made yet): restored from it, players' confirmation codes and the table scorers' "
            "links will change"
        ),
        "cli.backup.whole": (
            "{path} is whole: schema revision {revision}, {events} events, {accounts} account(s)"
        ),
        "cli.backup.tournament": (
            "{tournament}: {events} events, the log folds and its hashes chain"
        ),
        "cli.backup.taken": "taken at {at} from {source}",
        "cli.backup.has-secret": "the installation secret is inside, sealed with a passphrase",
        "cli.backup.lacks-secret": "no installation secret inside",
        "cli.backup.restored": (
            "{path} checked and restored into {database}: {tournaments} tournament(s), "
            "{events} events"
        ),
        "cli.backup.secret-back": "the installation secret is back in {file}",
        "cli.backup.restored-no-secret": (
            "warning: the backup holds no installation secret: players' confirmation codes "
            "and the table scorers' links change (print new ones)"
        ),
        "cli.backup.restored-no-passphrase": (
            "warning: no passphrase given, so the installation secret stays sealed: players' "
            "confirmation codes and the table scorers' links will change unless you restore "
            "again with --passphrase-file"
        ),
        "cli.backup.secret-environment": (
            "warning: the installation secret was opened but this database takes its secret "
            "from MJREF_SECRET: set it to the old installation's value, or codes and links "
            "change"
        ),
        "cli.serve.backup-dir": (
            "the backup folder {folder} is not there: plug the USB stick in (or create the "
            "folder) and start again"
        ),
        "cli.serve.backup-both": "--backup-every needs --backup-dir (the folder to write into)",
        "cli.serve.backups": "a backup every {every} minute(s) into {folder}, the last {keep} kept",
    }
)
