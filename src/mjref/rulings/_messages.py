"""English wording of the rulings: consequences, notes and errors (the reference text of
the catalogues in ``mjref/locale``). Incident titles are registered by each incident type."""

from mjref.messages import register

register(
    {
        # Errors about incidents.
        "rulings.incident.unknown": "unknown incident type {name!r} (known: {known})",
        "rulings.fact.unknown": "{incident}: unknown fact {fact!r} (facts: {known})",
        "rulings.fact.missing": "{incident}: the fact {fact!r} is missing ({doc})",
        "rulings.fact.bad-value": "{incident}: {fact} = {value!r} is wrong; expected {expected}",
        "rulings.fact.bad-hand": "{incident}: the hand in {fact} cannot be read: {problem}",
        "rulings.fact.bad-hand-fact": "{incident}: {fact}: {problem}",
        "rulings.fact.repeated": "{incident}: the fact {fact!r} is given more than once",
        "rulings.fact.not-a-pair": (
            "{incident}: a fact is NAME=VALUE (e.g. minutes=12), not {pair!r}"
        ),
        "rulings.fact.bad-riichi-hand": (
            "{incident}: the facts in {fact} cannot be those of a real table: {problem}"
        ),
        "rulings.fact.needed": "{incident}: under {ruleset} the fact {fact!r} is needed",
        "rulings.fact.mcr-hand-under-riichi": (
            "{incident}: {fact} is an MCR hand, which a riichi ruleset does not judge; give "
            "riichi_hand or reason"
        ),
        "rulings.fact.riichi-hand-under-mcr": (
            "{incident}: {fact} is a riichi hand, which an MCR ruleset does not judge; give hand "
            "(an MCR hand)"
        ),
        "rulings.fact.needed-by": (
            "{incident}: under {ruleset} the fact {fact!r} is needed ({clause} depends on it)"
        ),
        "rulings.not-covered.family": (
            "{ruleset} has no rule for the incident {incident!r} (rulesets covering it: "
            "{covered_by})"
        ),
        "rulings.not-covered.case": "{ruleset} has no rule for this case of {incident!r}",
        "rulings.not-covered.hint": "{ruleset} has no rule for this case of {incident!r}: {hint}",
        "rulings.hint.time-expiry": (
            "only the Italian text of MERS 2008 rules on it (ruleset mers-2008+italian)"
        ),
        "rulings.hint.deliberate": (
            "the rule on knocked-over tiles covers accidents; record a deliberate act as the "
            "incident 'obstruction'"
        ),
        "rulings.history.later": (
            "history entry {index} (session {session}, game {game}) is later than the incident "
            "(session {now_session}, game {now_game})"
        ),
        # What a fact's value should be (in rulings.fact.bad-value) and its type for people.
        "rulings.expect.bool": "true or false",
        "rulings.expect.int": "a whole number",
        "rulings.expect.number": "a number",
        "rulings.expect.int-range": "a whole number from {low} to {high}",
        "rulings.expect.number-range": "a number from {low} to {high}",
        "rulings.expect.no-parts": "a fact without parts (no NAME.PART)",
        "rulings.expect.text": "text",
        "rulings.expect.one-of": "one of {values}",
        "rulings.expect.wind": "a wind: E, S, W or N",
        "rulings.expect.mcr-hand": "an MCR hand in notation or an object with 'tiles'",
        "rulings.expect.riichi-hand": "a riichi hand in notation or an object with 'tiles'",
        "rulings.expect.notation": "the hand in compact notation",
        "rulings.expect.session": "a session number from 1",
        "rulings.expect.game": "a game number from 1",
        "rulings.expect.player": "a player number from 1 to {limit}",
        "rulings.expect.seconds": "a number of seconds, more than 0 and at most 3600",
        "rulings.expect.seconds-or-zero": "a number of seconds from 0 to 3600",
        "rulings.expect.other-call": "a call different from the first",
        "rulings.expect.minutes": (
            "minutes late, more than 0 and at most 1440 (10 minutes 30 seconds: 10.5)"
        ),
        "rulings.expect.at-least-one": "at least 1",
        "rulings.expect.word": "the word that was said",
        "rulings.expect.agreement-by-player": (
            "false for a spectator (RCR 5.6 speaks of a player's agreement with the referee)"
        ),
        "rulings.expect.no-reason": "no reason when riichi_hand is given",
        "rulings.expect.dealer-as-hand": "what the riichi hand's seat wind says",
        "rulings.type.bool": "true/false",
        "rulings.type.int": "whole number",
        "rulings.type.number": "number",
        "rulings.type.text": "text",
        "rulings.type.value": "value",
        "rulings.type.list": "list of {item}",
        "rulings.type.player": "player number (1 to {limit})",
        "rulings.type.choice": "{values}",
        "rulings.type.mcr-hand": "MCR hand (notation, or an object with 'tiles' and flags)",
        "rulings.type.riichi-hand": "riichi hand (notation, or an object with 'tiles' and facts)",
        # Malformed JSON requests (mjref.services.rulings).
        "rulings.request.not-object": "the request must be a JSON object, not {kind}",
        "rulings.request.unknown-key": "unknown key {key!r} in {where} (keys: {known})",
        "rulings.request.missing-key": "{where} lacks {key!r}",
        "rulings.request.bad-type": "{key!r} in {where} must be {expected}",
        "rulings.request.history-not-a-list": "the history must be a JSON list of incidents",
        "rulings.request.where.request": "the request",
        "rulings.request.where.history": "history entry {index}",
        "rulings.request.where.history-file": "the history",
        "rulings.request.expect.objects": "a list of objects",
        "rulings.expect.partly-shown": (
            "false: a part of the hand laid open is a riichi fact, for a win whose tiles were "
            "not all shown (tiles_shown=false)"
        ),
        "rulings.expect.other-count": (
            "a whole number of 0 or more, and more than 0 only with other_sources"
        ),
        "rulings.expect.other-place": "places other than source",
        "rulings.request.expect.text": "a non-empty string",
        "rulings.request.expect.object": "an object",
        "rulings.request.expect.int": "a whole number",
        "rulings.request.expect.string": "a string",
        "rulings.request.expect.history": "a list of at most {limit} incidents",
        # Notes.
        "rulings.note.judge-valid": (
            "MCR judge: a valid hand worth {points} points without flowers ({total} with them)."
        ),
        "rulings.note.judge-invalid": "MCR judge: not a valid hand ({findings}).",
        "rulings.note.false-win-reason": "Why the win is not valid: {reason}.",
        "rulings.note.riichi-valid": "Riichi judge: a valid win, {han} han {fu} fu.",
        "rulings.note.riichi-invalid": "Riichi judge: not a valid win ({findings}).",
        "rulings.note.reading": "Reading applied: {option} = {choice}.",
        "rulings.note.chombo-level.differs": (
            "{clause} calls {first:,} or {second:,} points 'chombo level', but the chombo of "
            "this ruleset is {chombo:,} points ({chombo_clause}, from outside the seed texts; "
            "its source is among the clauses cited). The ruling applies the figures {clause} "
            "states, because the text names them; they match the chombo of {level_clause}, a "
            "mangan ({non_dealer:,} by a non-dealer, {dealer:,} by the dealer), which is what "
            "'chombo level' describes."
        ),
        "rulings.note.chombo-level.same": (
            "The {first:,} or {second:,} points of {clause} ('chombo level') are the sizes of "
            "this ruleset's chombo ({chombo_clause}): {non_dealer:,} by a non-dealer, "
            "{dealer:,} by the dealer."
        ),
        "rulings.note.carry-off-ladder.obstruction-entries": (
            "{clause} puts obstruction off the foul ladder, so the reset's exception for "
            "obstruction (reading ladder-carry = obstruction-entries) has no ladder step to "
            "keep: the player's other fouls start again at the next reset. What stays is the "
            "record: a later obstruction is still a repetition."
        ),
        "rulings.note.carry-off-ladder.whole-count": (
            "{clause} puts obstruction off the foul ladder; under the reading ladder-carry = "
            "whole-count this ruling is still an entry for obstruction, so from now on the "
            "player's whole count survives the reset."
        ),
        "rulings.note.correction-to-win-no-win": (
            "After 'pung, no ron' the ron call is valid (5.1.3), so it is ruled as any win "
            "call: without a winning hand, not laid open it is an empty win call (5.1.2, dead "
            "hand); laid open it is a false win (3.4.6, chombo)."
        ),
        "rulings.note.base-part": (
            "{ruleset} lists this incident but does not decide this case or point of it; that "
            "part is ruled by the text it summarises, {base}."
        ),
        "rulings.note.base": (
            "{ruleset} does not list this incident; ruled by the text it summarises, {base}."
        ),
        # The foul ladder.
        "rulings.ladder.warning": "Foul number {step} on the ladder: a warning.",
        "rulings.ladder.points": (
            "Foul number {step} on the ladder: {points} points off the offender's score only."
        ),
        # Consequences without parameters of their own.
        "rulings.kind.warning": "A clear warning for the player.",
        "rulings.kind.deduction": "{points} points off the offender's score only.",
        "rulings.kind.payment-each": "The offender pays {points} points to each other player.",
        "rulings.kind.no-payment": "No points are paid.",
        "rulings.kind.dead-hand": (
            "Dead hand: no hu for the rest of this hand, but the player plays on and may still "
            "claim tiles and replace flowers."
        ),
        "rulings.dead-hand.declare-true": (
            "Dead hand, to be announced clearly at once so that everyone knows."
        ),
        "rulings.kind.action-void": "The intended action cannot be made.",
        "rulings.kind.correction-allowed": "The mistake may be corrected.",
        "rulings.kind.no-correction": "The mistake can no longer be corrected.",
        "rulings.kind.discard-exposed-first": (
            "The wrongly exposed tiles must be discarded first in the next turns."
        ),
        "rulings.kind.no-discard-obligation": (
            "The player need not discard the revealed tiles of his hand first."
        ),
        "rulings.kind.fans-void": "These fans cannot be scored: {fans}.",
        "rulings.fan.single-wait": "Single Wait",
        "rulings.fan.edge-wait": "Edge Wait",
        "rulings.fan.closed-wait": "Closed Wait",
        "rulings.fan.last-tile": "Last Tile",
        "rulings.fan.nine-gates": "Nine Gates",
        "rulings.kind.hand-value-reduced": (
            "The value of the winning hand is reduced by {points} points; the others receive "
            "nothing for it."
        ),
        "rulings.kind.flower-points-void": "The flower points do not count.",
        "rulings.kind.substitute": "A substitute takes the player's place.",
        "rulings.kind.session-points-zero": "The player gets 0 points for this round.",
        "rulings.kind.riichi-invalid": "The riichi is not valid.",
        "rulings.kind.riichi-stick-returned": "The riichi stick goes back to the player.",
        "rulings.kind.no-penalty": "No penalty.",
        "rulings.kind.refer": "Rule this as the incident {incident!r}.",
        "rulings.kind.priority-lost": (
            "The claim loses its priority: a timely claim by another player goes first."
        ),
        "rulings.kind.no-ruling": "Play has gone on: the referee can no longer rule on it.",
        "rulings.kind.appeal-inadmissible": (
            "The appeal was not made at once, as the rule requires."
        ),
        "rulings.kind.fee": "The appeal costs a complaint fee of {amount} {currency}.",
        "rulings.kind.valid-win": "The hu is valid: {points} points.",
        "rulings.riichi.valid-win": "The win is valid: the hand is worth {points:,} points.",
        # Consequences that depend on a parameter.
        "rulings.deduction.after-uma": (
            "{points:,} points off the offender's score after uma, paid to nobody."
        ),
        "rulings.deduction.at-once": (
            "{points:,} points off the offender's score at once, paid to nobody."
        ),
        "rulings.deduction.per-minute.after-uma": (
            "{minutes} at {per_minute:,} points a minute: {points:,} points off the offender's "
            "score after uma, paid to nobody."
        ),
        "rulings.deduction.per-minute.at-once": (
            "{minutes} at {per_minute:,} points a minute: {points:,} points off the offender's "
            "score at once, paid to nobody."
        ),
        # Quantities with plural forms (the count chooses the form in each language).
        "rulings.quantity.minutes": "{count} minutes",
        "rulings.quantity.minutes[one]": "{count} minute",
        "rulings.action-stands.action": "The action may still be completed (a hu too).",
        "rulings.action-stands.call": "The call is valid.",
        "rulings.action-stands.hand": "The hand stays valid and is scored as usual.",
        "rulings.action-stands.riichi": "The riichi is valid.",
        "rulings.action-stands.win-call": "The win call stands.",
        "rulings.tile-back.wall": "The tiles go back to their place in the wall.",
        "rulings.tile-back.dead-wall": "The tiles go back into the dead wall.",
        "rulings.tile-back.hand": "The tiles go back into the hand.",
        "rulings.tile-back.origin": "The tiles go back where they came from.",
        "rulings.kind.tiles-stay-exposed": (
            "The shown tiles stay on the table and count as visible for Last Tile."
        ),
        "rulings.tiles-stay-exposed.claimable-false": (
            "The shown tiles stay on the table and count as visible for Last Tile."
        ),
        "rulings.tiles-stay-exposed.claimable-true": (
            "The false flower stays on the table; it may be claimed as the winning tile, also "
            "for Last Tile."
        ),
        "rulings.discretion.penalty": "The referee may add a penalty (no amount is set).",
        "rulings.discretion.dead-hand-or-points": (
            "The referee may give a dead hand or a point penalty."
        ),
        "rulings.discretion.range-dead-hand": (
            "The referee may give {min} to {max} penalty points and/or a dead hand."
        ),
        "rulings.discretion.range.after-uma": (
            "The referee may take {min:,} to {max:,} points off after uma, paid to nobody."
        ),
        "rulings.discretion.range.at-once": (
            "The referee may take {min:,} to {max:,} points off at once, paid to nobody."
        ),
        "rulings.discretion.choices.after-uma": (
            "The referee may take {first:,} or {second:,} points off after uma, paid to nobody."
        ),
        "rulings.discretion.choices.at-once": (
            "The referee may take {first:,} or {second:,} points off at once, paid to nobody."
        ),
        "rulings.disqualification.session": "Disqualified for this session.",
        "rulings.disqualification.tournament": "Disqualified at once from the tournament.",
        "rulings.table-points.none-for-session": "No table points for this session.",
        "rulings.table-points.normal": (
            "Table points as usual: the substitute can win the table and score 4."
        ),
        "rulings.table-points.substitute-zero": (
            "The substitute gets 0 table points; the other three get 4, 2 and 1 by their ranking."
        ),
        "rulings.table-points.zero-for-missed": (
            "The replaced player gets 0 table points for each session missed."
        ),
        "rulings.table-points.zero-for-tournament": (
            "The disqualified player gets 0 table points for the whole tournament."
        ),
        "rulings.table-points.normal-later-sessions": (
            "In later sessions the substitute scores table points as usual."
        ),
        "rulings.session-result.substitute": (
            "The substitute's session is recorded as {points:,} points and {uma:,} uma."
        ),
        "rulings.session-result.offender": (
            "The replaced player gets {points:,} points and {uma:,} uma for each session missed."
        ),
        "rulings.uma.substitute-counts": (
            "The substitute played from the start: his table score counts for the others' uma "
            "({values})."
        ),
        "rulings.uma.substitute-last": (
            "The substitute came in after play began: the other three get {values} uma by their "
            "ranking, whatever the substitute scored."
        ),
        "rulings.ranking.counts": "The result counts for the EMA ranking.",
        "rulings.ranking.bottom": "The disqualified player is ranked last.",
        "rulings.ranking.may-be-removed": (
            "The head referee and the organisers may take the player's name off the final "
            "results, so that it does not count for the EMA ranking."
        ),
        "rulings.ranking.may-be-removed-if-acceptable": (
            "If they find the reason acceptable (as illness is), the head referee and the "
            "organisers may take the player's name off the final results, so that it does not "
            "count for the EMA ranking."
        ),
        "rulings.not-specified.table-points": (
            "The text gives table points for a substitute after lateness, illness and "
            "disqualification only, not after a withdrawal; the referee decides."
        ),
        "rulings.chombo.after-uma": (
            "Chombo: {points:,} points off the offender's score at the end of the game, after "
            "uma, paid to nobody."
        ),
        "rulings.chombo.dealer": (
            "Chombo by the dealer: {each:,} points to each other player at once "
            "({points:,} in all)."
        ),
        "rulings.chombo.non-dealer": (
            "Chombo: {to_dealer:,} points to the dealer and {each:,} to each other player, at once."
        ),
        "rulings.redeal.penalty-true": "The hand is dealt again (it does not count as played).",
        "rulings.redeal.penalty-false": "The hand is dealt again, without any penalty.",
        "rulings.hand-counted.counted-true": "The hand counts as a hand played.",
        "rulings.hand-counted.counted-false": "The hand does not count as a hand played.",
        "rulings.not-specified.penalty": "The text sets no penalty for this; the referee decides.",
        "rulings.not-specified.outcome": "The text does not say what follows; the referee decides.",
        "rulings.not-specified.precedence": (
            "The text does not say which of two calls made in time goes first; the referee decides."
        ),
        "rulings.not-specified.unseen-obstruction": (
            "The text does not name obstruction among what the referee may sanction when the "
            "players did not notice it; the referee decides."
        ),
        "rulings.not-specified.late-hu": (
            "The text does not say whether a hu declared after the time allowed still stands; "
            "the referee decides."
        ),
        "rulings.not-specified.claim": (
            "The text does not say whether the false flower may be claimed as the winning "
            "tile; the referee decides."
        ),
        "rulings.not-specified.part-minute": (
            "The text does not say how a part of a minute late counts; the referee decides."
        ),
        # What players must, should, may or may not do.
        "rulings.should.settle-among-players": (
            "The players should settle small slips among themselves."
        ),
        "rulings.should.talk-quietly": "Talk quietly.",
        "rulings.should.play-fair": (
            "Players play fair and do not abuse the rules or exploit loopholes in them."
        ),
        "rulings.should.silence-telephone": (
            "Spectators too keep their telephones silent and without vibration during play."
        ),
        "rulings.should.keep-turns-short": "Turns should take at most 10 seconds.",
        "rulings.should.point-out-mistake": "The other players should point the mistake out.",
        "rulings.should.point-out-valid-term": (
            "The others should point out that a valid word must be used."
        ),
        "rulings.may.use-own-language": "The players may talk in their own language.",
        "rulings.may.sanction-unseen": (
            "The referee may sanction it even though the players did not notice it."
        ),
        "rulings.may.point-out-mistake": (
            "The others may point the mistake out openly; it is not passing information."
        ),
        "rulings.may.claim-discard": "The player may still claim the discard.",
        "rulings.may.take-precedence": (
            "Another player's call made in time may take precedence over the claim made "
            "without waiting; the referee decides."
        ),
        "rulings.may.object-to-excess": ("The others may only object to points claimed in excess."),
        "rulings.may.object-to-wrong-points": (
            "The others may object to wrong points, too few as well as too many."
        ),
        "rulings.may.point-out-dead-hand": "The others may say openly that the hand is dead.",
        "rulings.may.skip-final-discard": "No discard is owed when the time is up.",
        "rulings.may.build-walls-early": "The walls may be built before the start signal.",
        "rulings.must.use-english": "The table must speak English.",
        "rulings.must.keep-tiles-visible": "The player must keep the tiles visible to all.",
        "rulings.must.show-discards": "Discards must be visible to every player.",
        "rulings.must.freeze-play": "Play stops at once until the referee has ruled.",
        "rulings.must.hear-appeal-after-session": (
            "The appeal is noted now and heard after the session."
        ),
        "rulings.must.make-called-meld": "The player must make the meld he called.",
        "rulings.must.make-first-call": "The first call counts and must be made.",
        "rulings.must.continue-right-direction": (
            "Play goes on, taking tiles in the right direction from now on."
        ),
        "rulings.must.keep-tile": "The player keeps the tile.",
        "rulings.must.take-touched-tile": "The player must take the wall tile he touched.",
        "rulings.must.take-claimed-tile": (
            "No penalty yet: the claimed tile must be taken before the deadline."
        ),
        "rulings.must.end-game-now": "The game ends at once.",
        "rulings.must.start-when-substitute-seated": (
            "The session starts when the substitute is seated."
        ),
        "rulings.must.correct-mistake": "The mistake must be corrected.",
        "rulings.must.place-riichi-stick": (
            "The player must put the 1,000-point stick down as soon as it is noticed."
        ),
        "rulings.must.handle-as-agreed": (
            "The referee handles it as agreed with the player before the session."
        ),
        "rulings.must.finish-hand-and-one-more": (
            "The hand in play is finished and one more hand is played."
        ),
        "rulings.must.play-current-hand-only": "Only the hand about to start is played.",
        "rulings.must.finish-current-hand": "Only the hand in play is finished.",
        "rulings.must.finish-hands": "There is no final signal: the hands are played to the end.",
        "rulings.may-not.start-before-arrival": (
            "Play may not start until the player arrives or is replaced."
        ),
        "rulings.may-not.make-up-lost-time": "The time lost waiting is not made up.",
        "rulings.may-not.play-with-tiles": "The player may not play around with his tiles.",
        "rulings.may-not.make-second-call": "The second call may not be made.",
        "rulings.may-not.hu-on-this-tile": (
            "The player may not go out on this tile; hu only at a later chance."
        ),
        "rulings.may-not.claim-discard": "The player may not claim the discard instead.",
        "rulings.may-not.undo-hu": "The hu call cannot be taken back.",
        "rulings.may-not.help-counting": "The others may not help the winner count.",
        "rulings.may-not.count-with-non-discards": "Only discards may be used as counters.",
        "rulings.may-not.call-after-time": "No call can be made after time.",
        "rulings.may-not.claim-for-meld": "The tile may not be claimed for the meld.",
        "rulings.may-not.expose-after-hand": (
            "Tiles of the wall or dead wall may not be exposed after the hand."
        ),
        "rulings.may-not.start-before-signal": (
            "The dice may not be thrown and the deal may not begin before the signal."
        ),
        # Rendering frames used by the adapters.
        "rulings.render.header": "Ruling under {ruleset}: {incident}",
        "rulings.render.consequence": "{text} [{clause}, {section}]",
        "rulings.render.citation": "{clause}: {document}, {edition}, {section}",
        "rulings.render.section": "section {section}",
        "rulings.render.location": "{location}",
        "rulings.render.not-in-seeds": "not in the seed texts: {source}",
        "rulings.render.notes": "Notes:",
        "rulings.render.citations": "Clauses cited:",
    }
)
