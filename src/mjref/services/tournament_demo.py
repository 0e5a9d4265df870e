"""A demo tournament: 16 players, 3 sessions of MCR under MERS 2010, entered hand by hand
with a false hu, ladder penalties and a late player - what ``mjref demo`` (``make run``)
builds and shows the standings of.

The hands are drawn from a seeded random generator, so the same seed gives the same
tournament.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime, timedelta

from mjref.players import PlayerId
from mjref.scoring.mcr import HandOutcome
from mjref.services import tournament as service
from mjref.services import tournament_results as results
from mjref.services.tournament import EventLog, TournamentInfo
from mjref.tournament.roster import PlayerDetails

DEMO_ID = "demo-open"
HANDS = 8
PLAYERS = (
    ("Anna", "Kovács", "HU"),
    ("Marco", "Rossi", "IT"),
    ("Claire", "Martin", "FR"),
    ("Daan", "de Vries", "NL"),
    ("Zsófia", "Nagy", "HU"),
    ("Giulia", "Bianchi", "IT"),
    ("Louis", "Bernard", "FR"),
    ("Sanne", "Jansen", "NL"),
    ("Bence", "Tóth", "HU"),
    ("Luca", "Romano", "IT"),
    ("Camille", "Dubois", "FR"),
    ("Lotte", "Bakker", "NL"),
    ("Réka", "Szabó", "HU"),
    ("Sofia", "Colombo", "IT"),
    ("Hugo", "Laurent", "FR"),
    ("Bram", "Visser", "NL"),
)


def _hands(rng: random.Random, table: tuple[PlayerId, ...]) -> Iterator[dict[str, object]]:
    for number in range(1, HANDS + 1):
        roll = rng.random()
        winner = rng.choice(table)
        points = rng.choice((8, 8, 9, 10, 12, 13, 16, 24, 32))
        if roll < 0.15:
            yield {"hand": number, "outcome": HandOutcome.DRAW}
        elif roll < 0.45:
            yield {
                "hand": number,
                "outcome": HandOutcome.SELF_DRAWN,
                "winner": winner,
                "points": points,
            }
        else:
            discarder = rng.choice([p for p in table if p != winner])
            yield {
                "hand": number,
                "outcome": HandOutcome.DISCARD,
                "winner": winner,
                "discarder": discarder,
                "points": points,
            }


def build_demo(
    log: EventLog, *, seed: int = 2026, actor: str = "demo", now: datetime
) -> TournamentInfo:
    """Create and play the demo tournament in ``log`` (it must not exist yet)."""
    rng = random.Random(seed)
    clock = iter(now + timedelta(seconds=n) for n in range(100_000))
    info = service.create_tournament(
        log,
        DEMO_ID,
        name="mjref Demo Open",
        ruleset="mers-2010",
        sessions=3,
        actor=actor,
        now=next(clock),
    )
    for number, (first, last, country) in enumerate(PLAYERS, start=1):
        details = PlayerDetails(first, last, country, f"{number:08d}", "Demo club")
        service.add_player(log, DEMO_ID, details, check_in=True, actor=actor, now=next(clock))
    report = service.publish_seating(log, DEMO_ID, seed=seed, actor=actor, now=next(clock))
    for session, tables in enumerate(report.sessions, start=1):
        for table, seats in enumerate(tables, start=1):
            if session == 2 and table == 1:
                results.record_lateness(
                    log,
                    DEMO_ID,
                    player=seats[2],
                    session=2,
                    minutes=6,
                    actor=actor,
                    now=next(clock),
                )
            if session == 1 and table == 2:
                for _ in range(2):
                    results.record_ruling(
                        log,
                        DEMO_ID,
                        player=seats[1],
                        session=1,
                        incident="false-set",
                        facts={"discarded": False},
                        actor=actor,
                        now=next(clock),
                    )
            for hand in _hands(rng, seats):
                false_hus: tuple[results.FalseHuEntry, ...] = ()
                if session == 1 and table == 3 and hand["hand"] == 2:
                    loser = next(p for p in seats if p != hand.get("winner"))
                    false_hus = (results.FalseHuEntry(loser, per_opponent=10),)
                results.record_hand(
                    log,
                    DEMO_ID,
                    session=session,
                    table=table,
                    false_hus=false_hus,
                    actor=actor,
                    now=next(clock),
                    **hand,  # type: ignore[arg-type]
                )
        service.close_session(log, DEMO_ID, session, actor=actor, now=next(clock))
    return service.show_tournament(log, info.id)
