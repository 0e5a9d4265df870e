"""The organiser's checklist: what the EMA asks of a MERS tournament, each item met, not
met or not known yet, with the rule applied and its source (``docs/ema.md``).

The EMA's "requirements and guidelines for MERS tournaments" were not in the sources found
(``docs/ema.md``): the thresholds are a named set of readings (:class:`ChecklistRules`,
:data:`DEFAULT_RULES`), each with the source it rests on - the project's issue that states
the requirement, a recommendation found elsewhere, or mjref's own default.

>>> facts = ChecklistFacts(family="mcr", days=1, sessions=4, session_minutes=120,
...     players=32, ema_country_players=30, host="HU", host_players=10, referees=1,
...     referees_at_start=None, results_in_time=(), breaks=(), clocked=(), played=())
>>> [(i.name, i.status.value) for i in checklist(facts)][:3]
[('sessions', 'met'), ('session-length', 'met'), ('breaks', 'unknown')]
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from mjref.ema import _messages  # noqa: F401  (registers the wording)
from mjref.messages import Message


class Status(enum.StrEnum):
    """Where an item stands."""

    MET = "met"
    NOT_MET = "not-met"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class ChecklistRules:
    """The thresholds of the checklist (a named reading each; ``docs/ema.md``)."""

    sessions_per_day: Mapping[str, int] = field(
        default_factory=lambda: MappingProxyType({"mcr": 3, "riichi": 4})
    )
    min_minutes: Mapping[str, int] = field(
        default_factory=lambda: MappingProxyType({"mcr": 120, "riichi": 90})
    )
    min_break: int = 10
    min_ema_players: int = 16
    max_local_share: Fraction = Fraction(1, 2)
    players_per_referee: int = 32


DEFAULT_RULES = ChecklistRules()


@dataclass(frozen=True, slots=True)
class ChecklistFacts:
    """What the checklist is computed from (the service gathers it from the log, the
    EMA details and the referees' accounts)."""

    family: str
    days: int
    sessions: int
    session_minutes: int
    players: int
    ema_country_players: int
    host: str
    host_players: int
    referees: int
    referees_at_start: int | None
    """Referees named when session 1 began (``None``: it has not begun)."""
    results_in_time: tuple[tuple[int, bool], ...]
    """(session, whether the session before was closed when it opened), for each session
    from 2 that has opened."""
    breaks: tuple[tuple[int, int], ...]
    """(session, minutes from the end of the session before to its start) where both are
    on the clock."""
    clocked: tuple[int, ...]
    """The sessions whose clock was started."""
    played: tuple[int, ...]
    """The sessions that were opened or started."""


@dataclass(frozen=True, slots=True)
class CheckItem:
    """One item: its name, where it stands, what was found and the source of the rule."""

    name: str
    status: Status
    why: Message
    source: Message


def _status(ok: bool) -> Status:
    return Status.MET if ok else Status.NOT_MET


def _referees_needed(players: int, per: int) -> int:
    return max(1, -(-players // per))


def checklist(
    facts: ChecklistFacts, rules: ChecklistRules = DEFAULT_RULES
) -> tuple[CheckItem, ...]:
    """Every item of the checklist, in a fixed order."""
    items: list[CheckItem] = []

    def add(name: str, status: Status, **params: object) -> None:
        items.append(
            CheckItem(
                name,
                status,
                Message(f"ema.check.{name}", params),
                Message(f"ema.source.{name}", {}),
            )
        )

    per_day = rules.sessions_per_day.get(facts.family, 0)
    add(
        "sessions",
        _status(facts.sessions >= per_day * facts.days),
        sessions=facts.sessions,
        days=facts.days,
        needed=per_day * facts.days,
    )
    minutes = rules.min_minutes.get(facts.family, 0)
    add(
        "session-length",
        _status(facts.session_minutes >= minutes),
        minutes=facts.session_minutes,
        needed=minutes,
    )
    short = [s for s, gap in facts.breaks if gap < rules.min_break]
    add(
        "breaks",
        Status.UNKNOWN if not facts.breaks else _status(not short),
        known=len(facts.breaks),
        short=", ".join(map(str, short)) or "-",
        needed=rules.min_break,
    )
    add(
        "ema-players",
        _status(facts.ema_country_players >= rules.min_ema_players),
        count=facts.ema_country_players,
        needed=rules.min_ema_players,
    )
    if not facts.host or not facts.players:
        add(
            "local-share",
            Status.UNKNOWN,
            count=facts.host_players,
            players=facts.players,
            host=facts.host or "-",
            share="-",
            limit=f"{float(rules.max_local_share):.0%}",
        )
    else:
        share = Fraction(facts.host_players, facts.players)
        add(
            "local-share",
            _status(share <= rules.max_local_share),
            count=facts.host_players,
            players=facts.players,
            host=facts.host,
            share=f"{float(share):.0%}",
            limit=f"{float(rules.max_local_share):.0%}",
        )
    needed = _referees_needed(facts.players, rules.players_per_referee)
    add("referees", _status(facts.referees >= needed), referees=facts.referees, needed=needed)
    if facts.referees_at_start is None:
        add(
            "referees-named",
            _status(facts.referees >= needed),
            referees=facts.referees,
            needed=needed,
            started="no",
        )
    else:
        add(
            "referees-named",
            _status(facts.referees_at_start >= needed),
            referees=facts.referees_at_start,
            needed=needed,
            started="yes",
        )
    late = [s for s, ok in facts.results_in_time if not ok]
    add(
        "results",
        Status.UNKNOWN if not facts.results_in_time else _status(not late),
        checked=len(facts.results_in_time),
        late=", ".join(map(str, late)) or "-",
    )
    missing = [s for s in facts.played if s not in facts.clocked]
    add(
        "clock",
        Status.UNKNOWN if not facts.played else _status(not missing),
        played=len(facts.played),
        missing=", ".join(map(str, missing)) or "-",
    )
    return tuple(items)
