"""English wording of the rules layer's messages."""

from mjref.messages import register

register(
    {
        "rules.unknown-ruleset": ("unknown ruleset {name!r} (known: {known}; aliases: {aliases})"),
        "rules.unknown.convention": (
            "unknown scoring convention {name!r} (known: {known}; aliases: {aliases})"
        ),
        "rules.unknown.riichi-ruleset": (
            "unknown riichi ruleset {name!r} (known: {known}; aliases: {aliases})"
        ),
        "rules.unknown.regulation": (
            "unknown MCR regulation {name!r} (known: {known}; aliases: {aliases})"
        ),
        "rules.unknown.rulebook": (
            "unknown ruleset {name!r} (rulesets that rule on incidents: {known}; aliases: "
            "{aliases})"
        ),
        "rules.not-a.convention": (
            "{name!r} is {ruleset}, not a scoring convention (scoring conventions: {known})"
        ),
        "rules.not-a.riichi-ruleset": (
            "{name!r} is {ruleset}, not a riichi ruleset (riichi rulesets: {known})"
        ),
        "rules.not-a.regulation": (
            "{name!r} is {ruleset}, not an MCR regulation (regulations: {known})"
        ),
        "rules.not-a.rulebook": (
            "{name!r} is {ruleset}, a scoring convention, which rules on no incidents "
            "(rulesets that do: {known})"
        ),
        "rules.unknown-reading": (
            "{ruleset} has no reading or option {name!r} (readings: {readings}; options: {options})"
        ),
        "rules.bad-choice": "{choice!r} is not a reading of {option} (choose one of: {choices})",
        "rules.empty-part": "empty reading in {spec!r} (write e.g. mers-2008+italian)",
        "rules.unknown-clause": "{ruleset} has no clause {clause!r} (clauses: {known})",
        "rules.bad-clause-id": "{text!r} is not a clause id (write e.g. mers-2010:2.7.3)",
        # The document-wide tables in a comparison (mjref rules diff), and its last line.
        "rules.diff.summary": ("{count} situations differ; {same} are decided the same way."),
        "rules.diff.summary[one]": ("{count} situation differs; {same} are decided the same way."),
        "rules.diff.ladder": "{steps}, then +{then} each",
        "rules.diff.chombo-points": "{points} points, {timing}",
        "rules.diff.chombo-table": (
            "dealer pays {each} to each; non-dealer pays {to_dealer} to the dealer and {others} "
            "to each other player; {timing}"
        ),
    }
)
