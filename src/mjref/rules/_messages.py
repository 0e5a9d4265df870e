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

# What each named reading of the registry does, in a line for people choosing it (shown
# beside the reading on the new tournament's form): one key per reading name, whatever
# rulesets have it (``rules.registry.reading_key``; ``tests/rules/test_reading_texts.py``
# finds every one).
register(
    {
        "rules.reading.penalties-apart": (
            "Penalty points do not change the places at a table: it is ranked on the points "
            "won, and penalties come off afterwards."
        ),
        "rules.reading.italian": (
            "The Italian text where it differs: its lateness bands (10 minutes or less: 10 "
            "points), a late claim loses priority, only the listed calls count, the ladder "
            "counts each infraction apart, play stops at once when time is up."
        ),
        "rules.reading.hungarian": (
            "The Hungarian text where it differs: its lateness bands (less than 10 minutes: 10 "
            "points), a claim without waiting loses priority, Last Tile stays scored, only "
            "stalling survives the ladder's reset, the 10 points for a winning tile not added "
            "come from the hand's value."
        ),
        "rules.reading.italian-ladder": (
            "The foul ladder counts each infraction apart: only a repetition of the same "
            "infraction moves it up."
        ),
        "rules.reading.per-game": (
            "The foul ladder starts again at every game, not every session (the Dutch "
            "overview of 2009)."
        ),
        "rules.reading.per-session": (
            "The foul ladder starts again at every session, as MERS 3.6 says."
        ),
        "rules.reading.whole-count": (
            "A player warned or penalised for obstruction or stalling keeps the whole count "
            "when the ladder starts again."
        ),
        "rules.reading.session-disqualification": (
            "A disqualification that states no scope covers the current session only."
        ),
        "rules.reading.ladder-stays-at-30": "Every foul after the fifth costs 30 points again.",
        "rules.reading.claimable-flower": (
            "A false flower left on the table may be claimed as the winning tile (the Dutch "
            "overview of 2009)."
        ),
        "rules.reading.late-disqualified-for-tournament": (
            "4.4 read literally: a player disqualified for lateness gets 0 table points for "
            "the whole tournament."
        ),
        "rules.reading.overview-only": (
            "Only the incidents the overview lists are ruled; of any other mjref says the "
            "overview does not cover it."
        ),
        "rules.reading.completed-minutes": (
            "Only completed minutes of lateness count: a part of a minute is left out."
        ),
        "rules.reading.started-minutes": "A started minute of lateness counts as a whole one.",
        "rules.reading.unproven-cheating-open": (
            "Cheating suspected without clear evidence is left to the referee: the text says "
            "nothing of it."
        ),
        "rules.reading.ippatsu-only": (
            "Of the invalid words calling a win with the tiles shown, the text names only "
            "'Ippatsu': another is left to the referee."
        ),
        "rules.reading.partial-reveal-chombo": (
            "A false win with part of the hand laid open is a chombo, as with the whole hand shown."
        ),
        "rules.reading.first-winner-counters": (
            "When two or three players win on one discard, only the first after the "
            "discarder gets the counters."
        ),
        "rules.reading.chombo-returns-all-sticks": (
            "After a chombo every riichi stick on the table goes back to whoever put it "
            "down, those carried from earlier hands too."
        ),
        "rules.reading.five-tiles-per-place": (
            "'More than five tiles' counts each place on its own when a mishap exposes tiles "
            "from several places."
        ),
        "rules.reading.liability-counters-shared": (
            "On a self-drawn hand with a liable player, each opponent pays its share of the "
            "counters; the liable player pays the hand."
        ),
        "rules.reading.nagashi-sticks-stay": (
            "When two or more players have nagashi mangan, the riichi sticks stay on the "
            "table for the next winner."
        ),
        "rules.reading.abortive-draw-rotates": (
            "After an abortive draw the deal passes to South, as after an exhaustive draw "
            "with East noten."
        ),
    }
)
