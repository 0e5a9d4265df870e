"""English wording of ``mjref mirror``: progress, what a push or a pull did, a promotion."""

from mjref.messages import register

register(
    {
        "cli.mirror.progress": "{tournament}: {position} of {total} events held by {url}",
        "cli.mirror.pushed": (
            "{tournament}: {moved} events sent; {url} holds the log up to position {position}"
        ),
        "cli.mirror.pulled": (
            "{tournament}: {moved} events copied from {url}; this copy holds the log up to "
            "position {position} and is read-only until mjref mirror promote"
        ),
        "cli.mirror.retried": "({failures} attempts failed on the way and were retried)",
        "cli.mirror.promoted": (
            "{tournament} is the venue's tournament in this database now (position {seq}, "
            "by {actor} at {at}): entries are taken here"
        ),
        "cli.mirror.no-token": (
            "an API token is needed (--token or MJREF_MIRROR_TOKEN): mjref users token NAME "
            "on the other server, for an account granted on the tournament"
        ),
    }
)
