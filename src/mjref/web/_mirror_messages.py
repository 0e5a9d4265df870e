"""English wording of the mirror's part of the organiser's dashboard."""

from mjref.messages import register

register(
    {
        "web.mirror.title": "Hosted mirror",
        "web.mirror.off": (
            "Not pushed to a mirror (mjref serve --mirror-push URL --mirror-token TOKEN)."
        ),
        "web.mirror.acknowledged": (
            "{url} holds the log up to position {position} of {total}; last success {at}."
        ),
        "web.mirror.failed": "Last error {at}: {problem} (retried automatically).",
        "web.mirror.is-mirror": (
            "This tournament is a mirror of the venue's (copied from {source} since {at}): "
            "read-only here, entries are made at the venue."
        ),
        "web.mirror.promoted": (
            "This copy was made the venue's tournament at {at} by {actor} (from {source})."
        ),
        "web.mirror.never": "never",
    }
)
