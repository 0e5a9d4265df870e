"""English wording of ``mjref ema``'s readable output."""

from mjref.messages import register

register(
    {
        "cli.ema.weight": "MERS weight {weight}",
        "cli.ema.details": "{days} day(s), qualification: {qualifying}, organising country: "
        "{host}, reading: {reading}",
        "cli.ema.warning": "warning: {warning} (mjref ema accept, if it is right)",
        "cli.ema.ranking-imported": "{count} results in the EMA ranking data now",
        "cli.ema.readings": "readings: {readings}",
        "cli.ema.reading-line": "{kind}: {reading} ({described})",
        "cli.ema.readings-default": "the defaults (never changed)",
        "cli.ema.readings-set": "set at entry {seq} by {actor}, {at}",
        "cli.ema.yes": "yes",
        "cli.ema.no": "no",
    }
)
