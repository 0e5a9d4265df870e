"""English wording of the backups' status on the organiser's dashboard."""

from mjref.messages import register

register(
    {
        "web.backup.title": "Backups",
        "web.backup.off": (
            "No backups are taken while serving: start mjref serve with --backup-dir and "
            "--backup-every (docs/deploy.md), or run mjref backup yourself."
        ),
        "web.backup.last": "Last backup: {at}, {file} in {folder}.",
        "web.backup.none-yet": "No backup taken yet (into {folder}).",
        "web.backup.failed": (
            "The backup at {at} failed: {problem}. Is the backup folder {folder} still there "
            "(the USB stick plugged in, space left)?"
        ),
        "web.backup.schedule": "A backup every {every} minute(s); the last {keep} are kept.",
    }
)
