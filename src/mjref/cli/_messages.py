"""English wording of the command line's own messages."""

from mjref.messages import register

register(
    {
        "cli.usage": "{problem}",
        "cli.no-such-option": "no such option: {option}",
        "cli.no-such-option-hint": "no such option: {option} (did you mean {hint}?)",
        "cli.missing": "missing {what}",
        "cli.no-such-command": "no such command: {command}",
        "cli.no-such-command-hint": "no such command: {command} (did you mean {hint}?)",
        "cli.extra-arguments": "unexpected argument(s): {arguments}",
        "cli.bad-value": "{problem}",
        "cli.value-not-whole": "{value!r} is not a whole number",
        "cli.value-at-least": "{value} is too small (at least {limit})",
        "cli.value-above": "{value} is too small (more than {limit})",
        "cli.value-at-most": "{value} is too large (at most {limit})",
        "cli.value-below": "{value} is too large (less than {limit})",
        "cli.repeated-option": "{option} is given more than once",
        "cli.not-a-pair": "takes NAME=VALUE (e.g. {example}), not {value!r}",
        "cli.repeated-pair": "{name} is given more than once",
        "cli.text": "{text}",
        "cli.interrupted": "interrupted",
        "cli.jsonl-and-hand": "--jsonl reads hands from standard input; do not give a hand too",
        "cli.jsonl-and-json": "--jsonl writes one JSON line per hand; do not give --json too",
        "cli.workers-without-jsonl": (
            "--workers is for --jsonl (many hands); one hand is judged at once"
        ),
        "cli.mcr-hand-missing": (
            "give a hand in notation (e.g. '[123s](7777p)EE45678s+9s'), or use --jsonl"
        ),
        "cli.riichi-hand-missing": (
            "give a hand in notation (e.g. '[PPP]234m567p33s67s+8s'), or use --jsonl"
        ),
        "cli.not-judged": "the hand cannot be judged: {problems}",
        "cli.incident-missing": (
            "give an incident type (see 'mjref rules incidents') or use --json"
        ),
        "cli.input-without-json": "--input is for a JSON request; give facts with --fact instead",
        "cli.json-request-and-facts": (
            "a JSON request carries its own facts; do not give --fact, --player, --session,"
            " --game or --history with it"
        ),
        "cli.unknown-family": "{family!r} is not a family (mcr or riichi)",
    }
)
