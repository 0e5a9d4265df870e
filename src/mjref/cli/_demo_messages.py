"""English wording of ``mjref demo``'s readable output: the tournament's headline and the
titles of the sample hands (fan names stay the Green Book's English names)."""

from mjref.messages import register

register(
    {
        "cli.demo.headline": "{name} ({ruleset}): {players} players, {sessions} sessions",
        "cli.demo.sample": "=== {number}. {title}",
        "cli.demo.sample.valid-win": (
            "A valid win: Pure Straight with a concealed kong, two flowers"
        ),
        "cli.demo.sample.under-eight": (
            "Four sets and a pair, but under 8 points: dead hand, 10 to each opponent"
        ),
        "cli.demo.sample.no-shape": "Not a winning shape: dead hand, 20 to each opponent",
        "cli.demo.sample.seven-pairs": (
            "A self-drawn Seven Pairs, Green Book reading of disputed point D6"
        ),
        "cli.demo.sample.seven-pairs-mil": "The same hand under the Chinese/MIL conventions",
    }
)
