"""English wording of the EMA page of the web app."""

from mjref.messages import register

register(
    {
        "web.ema.title": "EMA",
        "web.ema.weight": "MERS weight {weight}",
        "web.ema.source": "The EMA's ranking rules (Basics for ranking system)",
        "web.ema.days": "Days of play",
        "web.ema.host": "Organising country",
        "web.ema.qualifying": "Players had to qualify",
        "web.ema.reading": "Countries' bands",
        "web.ema.save": "Save",
        "web.ema.readings": "Readings of the weight and the ranking",
        "web.ema.readings-note": (
            "Where the EMA's texts leave a point open, mjref applies a named reading; an "
            "official may change them here. The MERS weight and each player's ranking "
            "preview apply them at once."
        ),
        "web.ema.readings-set": "Last changed by {actor}, {at}.",
        "web.ema.readings-default": "The defaults: never changed.",
        "web.ema.readings-save": "Save the readings",
        "web.ema.numbers": "EMA numbers",
        "web.ema.note": "why (optional)",
        "web.ema.accept": "Accept",
        "web.ema.list": "The EMA player list (CSV: number, name, country)",
        "web.ema.skip-bad": "Import the good rows, list the bad ones",
        "web.ema.import": "Import the list",
        "web.ema.rating": "EMA rating",
        "web.ema.observer": "EMA observer report",
        "web.ema.observer-name": "Observer",
        "web.ema.location": "Location and dates",
        "web.ema.rules": "Rule system and MERS weight",
        "web.ema.schedule": "Playing schedule",
        "web.ema.session-row": "session {session}: {start} to {end}",
        "web.ema.participants": "Participants: {players} players, {substitutes} substitutes "
        "who played",
        "web.ema.referees": "Referees (played: yes, or not known)",
        "web.ema.irregularities": "Irregularities and appeals",
        "web.ema.irregularity": "entry {seq}: {kind}, session {session}, player {player}: {what}",
        "web.ema.void": "(void: superseded by a correction)",
        "web.ema.minutes": "{sessions} sessions of {minutes} minutes",
        "web.ema.played-yes": "played",
        "web.ema.played-unknown": "not known",
        "web.ema.checklist": "The EMA's requirements: checklist",
    }
)
