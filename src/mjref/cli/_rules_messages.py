"""English wording of ``mjref rules``'s readable output (list, diff, incidents). Ruleset
ids, options, readings, clause ids, incident names, fact names and consequence codes are
identifiers and are shown as they are."""

from mjref.messages import register

register(
    {
        "cli.rules.family": "family {family}",
        "cli.rules.texts-in": "texts in {languages}",
        "cli.rules.clauses": "{count} clauses",
        "cli.rules.clauses[one]": "{count} clause",
        "cli.rules.aliases": "aliases {aliases}",
        "cli.rules.reads-options-of": "reads the options of {base}",
        "cli.rules.unlisted-ruled-by": "unlisted incidents ruled by {base}",
        "cli.rules.riichi-judge": "riichi judge: {settings}",
        "cli.rules.option": "option {name}: {choices} - {title}",
        "cli.rules.reads": "reads {choices}",
        "cli.rules.reading": "reading +{name}: {choices}",
        "cli.rules.alias-table": "aliases (any case): {aliases}",
        "cli.rules.spec-hint": (
            "A spec adds readings: e.g. mers-2008+italian, ema-2009+ladder-reset=session, "
            "mil+D3=not-counted."
        ),
        "cli.rules.diff-reading": "reading {option}: {left} | {right}",
        "cli.rules.no-rule": "no rule",
        "cli.rules.nothing": "nothing",
        "cli.rules.required": "required",
        "cli.rules.default": "default {value}",
        "cli.rules.common-facts": "Every incident also takes:",
    }
)
