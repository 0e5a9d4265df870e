"""English wording of the EMA pack's messages."""

from mjref.messages import register

register(
    {
        # the EMA's player list (mjref.ema.player_list)
        "ema.list-empty": "the EMA player list is empty",
        "ema.list-too-large": "the EMA player list is larger than {limit} characters",
        "ema.list-too-many": "the EMA player list has more than {limit} players",
        "ema.list-syntax": "not valid CSV: {problem}",
        "ema.list-cells": "{found} cells; a row of the EMA player list has number, name, country",
        "ema.list-number": "{value!r} is not an EMA number (8 digits)",
        "ema.list-name": "the name is blank, longer than {limit} characters or has control "
        "characters",
        "ema.list-country": "{value!r} is not a country code (ISO 3166-1, e.g. HU or HUN)",
        "ema.list-duplicate": "EMA number {number} is also on line {other}",
        "ema.list-row": "line {line}: {reason}",
        "ema.list-bad-rows": "the EMA player list has {count} bad rows: {rows}",
        # registrations against the list (mjref.ema.number_check)
        "ema.warning.unknown": "player {player} ({name}): EMA number {number} is not on the "
        "EMA player list",
        "ema.warning.duplicate": "player {player} ({name}): EMA number {number} is also given "
        "to player {other}",
        "ema.warning.name": "player {player}: the name {name!r} differs from {listed!r} on the "
        "EMA player list for {number}",
        "ema.warning.country": "player {player} ({name}): country {country} differs from "
        "{listed} on the EMA player list for {number}",
        "ema.warning.no-list": "no EMA player list is imported: EMA numbers are not checked",
        # the MERS weight (mjref.ema.weight)
        "ema.weight.days": "{days} day(s) of play: +{points}",
        "ema.weight.players": "{counted} players counted ({players} players and {subs} of "
        "{substitutes} substitutes, at most {max_subs}): +{points}",
        "ema.weight.countries-read": (
            "{countries} countries: +{points} (reading {reading}, {described})"
        ),
        "ema.weight.qualifying": "qualification needed: +{points}",
        "ema.weight.open": "no qualification: +{points}",
        "ema.weight.guests": "{count} player(s) from countries that are not EMA members "
        "counted as the organising country {host}",
        "ema.bad-days": "{days} days: a MERS tournament lasts 1, 2 or 3 days",
        "ema.bad-count": "{what} cannot be negative ({value})",
        "ema.bad-reading": "unknown reading {value!r} (one of: {choices})",
        "ema.reading.countries-current": "countries: 6 to 9 give +0.5, 10 or more +1 "
        "(the EMA's Basics for ranking system as published now)",
        "ema.reading.countries-2018": "countries: 6 to 10 give +0.5, more than 10 +1 "
        "(the same page as announced for 2018)",
    }
)

register(
    {
        "ema.bad-warning": "unknown warning {value!r} (one of: {choices})",
        "ema.list-imported": "{count} players on the EMA player list now",
        "ema.row-skipped": "line {line} left out: {reason}",
        "ema.no-warnings": "no warnings: every EMA number is on the list, with its name "
        "and country",
        "ema.list-from": "checked against the EMA player list imported {at} by {actor} "
        "({players} players)",
        "ema.accepted": "(accepted)",
        "ema.already-accepted": "the {warning} warning of player {player} is already accepted",
    }
)

register(
    {
        "ema.check.sessions": "{sessions} sessions over {days} day(s); at least {needed} expected",
        "ema.check.session-length": "sessions of {minutes} minutes; at least {needed} expected",
        "ema.check.breaks": "breaks known for {known} session(s); shorter than {needed} "
        "minutes before session(s): {short}",
        "ema.check.ema-players": "{count} players from EMA countries; at least {needed} expected",
        "ema.check.local-share": "{count} of {players} players from the organising country "
        "{host} ({share}); at most {limit} expected",
        "ema.check.referees": "{referees} referee(s) for the tournament; at least {needed} "
        "expected (one per 32 players)",
        "ema.check.referees-named": "{referees} referee(s) named before session 1 (begun: "
        "{started}); at least {needed} expected",
        "ema.check.results": "{checked} session(s) opened after the one before; the one before "
        "not closed in time for session(s): {late}",
        "ema.check.clock": "{played} session(s) played; without the session clock: {missing}",
        "ema.source.sessions": "mjref's default (the EMA's own figure was not found)",
        "ema.source.session-length": "riichi 90 minutes, as the WRC 2015 rules recommend; "
        "MCR 120 minutes, mjref's default",
        "ema.source.breaks": "mjref's default: a break of 10 minutes at least",
        "ema.source.ema-players": "the EMA's requirement as mjref was given it (the EMA's own "
        "text was not found): at least 16 players from EMA countries",
        "ema.source.local-share": "mjref's default: at most half of the players from the "
        "organising country",
        "ema.source.referees": "the EMA's requirement as mjref was given it (the EMA's own text "
        "was not found): a referee per 32 players",
        "ema.source.referees-named": "the EMA's requirement as mjref was given it (the EMA's "
        "own text was not found): referees named before session 1",
        "ema.source.results": "the EMA's requirement as mjref was given it (the EMA's own text "
        "was not found): results shown before the next session (mjref: the session closed "
        "before the next opens)",
        "ema.source.clock": "the EMA's requirement as mjref was given it (the EMA's own text "
        "was not found): the clock (mjref: the session clock started for every session played)",
        "ema.status.met": "met",
        "ema.status.not-met": "not met",
        "ema.status.unknown": "not known yet",
    }
)

register(
    {
        "ema.rating-now": "{family} rating on {day}: {rating} ({results} results with a weight)",
        "ema.rating-after": "with this event as it stands (place {place} of {players}, weight "
        "{weight}): {rating}",
        "ema.bad-date": "{value!r} is not a date (YYYY-MM-DD)",
        "ema.bad-place": "place {place} of {players} players is not a place",
    }
)

register(
    {
        "ema.data-cells": "{found} cells; a row of the ranking data has ema_number, family, "
        "tournament, start, end, place, players, weight and optionally world",
        "ema.data-family": "{value!r} is not a family (mcr or riichi)",
        "ema.data-dates": "the tournament ends ({end}) before it starts ({start})",
        "ema.data-weight": "{value!r} is not a MERS weight (a number from 0 to 10)",
        "ema.data-world": "{value!r}: world is yes or no",
    }
)

register(
    {
        "ema.observer.summary": "{name}: {ruleset}, MERS weight {weight}; {sessions} sessions "
        "of {minutes} minutes; {players} players from {countries} countries; {referees} "
        "referee(s); {irregularities} irregularities and appeals in the log",
    }
)
