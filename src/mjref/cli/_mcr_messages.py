"""English wording of ``mjref mcr``'s readable output (the verdict, the fans, the
conventions). Fan names stay the Green Book's English names (proper names); clause ids,
codes, conventions and tiles are shown as they are."""

from mjref.messages import register

register(
    {
        "cli.mcr.hand": "Hand: {hand}",
        "cli.mcr.convention": "Convention: {convention}",
        "cli.mcr.division": "Division ({shape}): {sets}",
        "cli.mcr.shape.regular": "regular",
        "cli.mcr.column.fan": "Fan",
        "cli.mcr.column.points": "Points",
        "cli.mcr.column.count": "Count",
        "cli.mcr.column.total": "Total",
        "cli.mcr.column.sets": "Sets",
        "cli.mcr.total": "Total: {total} ({without} without flowers)",
        "cli.mcr.not-scored": "Not scored ({clause}, winning tile not shown): {fan} {total}",
        "cli.mcr.disputed": "Disputed point {point} ({clause}): read as '{choice}' - {explanation}",
        "cli.mcr.valid-win": "Verdict: VALID WIN (8 or more without flowers).",
        "cli.mcr.payments-self-drawn": "Payments ({clause}): each opponent pays {each}.",
        "cli.mcr.payments-discard": (
            "Payments ({clause}): the discarder pays {discarder}, the other two pay {each} each."
        ),
        "cli.mcr.false-hu": (
            "Verdict: FALSE HU - dead hand, {points} points to each opponent ({clause}): {reason}."
        ),
        "cli.mcr.findings": "Findings:",
        "cli.mcr.mil-only": "(MIL only, not a Green Book fan)",
        "cli.mcr.aliases": "(aliases: {aliases})",
    }
)
