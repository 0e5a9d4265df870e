"""English wording of the referee's incident form, the described entries that appeals and
voids choose from, and the foul ladder's columns (:mod:`mjref.web.incident_form`)."""

from mjref.messages import register

register(
    {
        "web.fact.yes": "Yes",
        "web.fact.no": "No",
        "web.fact.unknown": "Not known",
        "web.fact.choose": "Choose…",
        "web.rule.show": "Show its form",
        "web.rule.change": "Another incident",
        "web.rule.who": "Who and when",
        "web.rule.facts": "What happened",
        "web.rule.no-facts": "This incident has no facts to give: see the ruling.",
        "web.rule.notation-help": (
            "The tiles in mjref's notation, e.g. [123s][456p]678m11p99s+9s (the winning tile "
            "after +); the hand is judged when the ruling is shown."
        ),
        "web.rule.preview-first": "See the ruling first; it can be recorded once shown.",
        "web.rule.changed": (
            "The form changed after the ruling was shown: here is the ruling for what it says "
            "now; record it if it is right."
        ),
        "web.rule.shown": "The ruling for these facts (not recorded yet):",
        "web.rule.record": "Record this ruling",
        "web.rule.problem": "The ruling could not be given: see the marked field.",
        "web.ladder.foul": "Foul",
        "web.ladder.game": "Game",
        "web.entry.ruling": "Position {seq}: {incident}, {player}, session {session}",
        "web.entry.result": "Position {seq}: session {session}, table {table}, {what}",
        "web.entry.choose": "Entry",
        "web.appeal.ruling": "Ruling appealed against",
        "web.appeal.by": "Appealed by",
    }
)
