"""Every event type round-trips through its stored form; damaged rows are errors."""

from __future__ import annotations

import json
from types import MappingProxyType

import pytest

from mjref.players import PlayerId
from mjref.scoring.mcr import FalseHuPayment, HandOutcome
from mjref.tournament import events as ev
from mjref.tournament.codec import CodecError, decode, encode

P = PlayerId
RULING = ev.StoredRuling(
    "late-arrival",
    MappingProxyType({"minutes": 12, "list": (1, 2)}),
    "mers-2010",
    (
        ev.StoredConsequence(
            "deduction",
            "mers-2010:2.3",
            "offender",
            20,
            MappingProxyType({"points": 20}),
            (),
            "late-arrival/major",
            "major",
            ev.StoredMessage("k", MappingProxyType({"a": 1})),
        ),
    ),
    ("mers-2010:2.3",),
)
HAND = ev.HandRecorded(
    1, 2, 3, HandOutcome.DISCARD, P(1), P(2), 10, 1, (FalseHuPayment(P(3), 20),), "x", "green-book"
)
EXAMPLES: list[ev.Event] = [
    ev.TournamentCreated("Cup", "mers-2010", "green-book", 4, 120, None),
    ev.PlayerRegistered(P(1), "A", "B", "HU", "", "", True),
    ev.PlayerEdited(P(1), "A", "B", "HU", "06000001", "club"),
    ev.PlayerWithdrawn(P(1), 2, ev.Withdrawal.ILLNESS, True, "flu"),
    ev.CheckedIn(P(1)),
    ev.CodeIssued(P(1)),
    ev.SeatingPublished(1, (((P(1), P(2), P(3), P(4)),),), "m"),
    ev.DrawCommitted("0" * 64),
    ev.DrawRevealed("a seed of sixteen or more", (P(2), P(1), P(3), P(4)), "substitutes", "0.1.0"),
    ev.SeatingPublished(
        1,
        (((P(1), P(2), P(3), P(4)),),),
        steps=(
            ev.StoredMessage("seating.method.local-search"),
            ev.StoredMessage(
                "seating.method.byes",
                MappingProxyType(
                    {
                        "count": 2,
                        "ghosts": MappingProxyType(
                            {
                                "$key": "seating.method.ghost-players",
                                "$params": MappingProxyType({"count": 2}),
                            }
                        ),
                    }
                ),
            ),
        ),
    ),
    ev.SessionOpened(1),
    ev.SessionClosed(1),
    ev.SessionStarted(1, 1_780_300_800, 90),
    ev.SessionPaused(1, 1_780_301_000, "fire alarm"),
    ev.SessionResumed(1, 1_780_301_300),
    ev.SessionEnded(1, 1_780_306_500, ""),
    ev.ExtraTimeGranted(1, 3, 4, "play frozen for a ruling (MERS 2.1)", 1_780_302_000),
    HAND,
    ev.SessionTotalsRecorded(1, 1, (1, -1, 0, 0)),
    ev.RiichiResultRecorded(1, 1, (30000, 30000, 30000, 29000), 1),
    ev.RiichiHandRecorded(
        1,
        1,
        2,
        ev.RiichiHandOutcome.RON,
        (ev.RiichiWin(P(1), 3, 30), ev.RiichiWin(P(2), 13, 0, 1, "123m")),
        P(3),
        (P(2),),
    ),
    ev.RiichiHandRecorded(
        1,
        1,
        3,
        ev.RiichiHandOutcome.NAGASHI,
        (ev.RiichiWin(P(1), 0, 0), ev.RiichiWin(P(2), 0, 0, 1, "", P(4))),
        player=P(3),
    ),
    ev.RiichiHandsConfirmed(1, 1, 3, P(4)),
    ev.RiichiHandsConfirmed(1, 1, 3),
    ev.ResultProposed(1, 2, (10, -10, 0, 0), P(3), 0),
    ev.ResultConfirmed(7, 1, 2, P(4)),
    ev.ResultConfirmed(7, 1, 2, None),
    ev.ResultRejected(7, "wrong sheet", None),
    ev.RulingRecorded(P(1), 1, None, 3, 1, RULING, 12),
    ev.LatenessRecorded(P(1), 1, 12, RULING),
    ev.Substituted(1, P(1), P(9), ev.SubstitutionReason.LATE, False),
    ev.Disqualified(P(1), 1, ev.Scope.TOURNAMENT, None, "x"),
    ev.AppealFiled(5, P(1), "unfair"),
    ev.AppealDecided(6, True, ""),
    ev.EmaDetailsSet(2, False, "HU", "countries-2018"),
    ev.EmaWarningAccepted(P(1), "name", "04290082", "same person"),
    ev.TeamRegistered("Dragons <b>", (P(1), P(3))),
    ev.TeamMemberAdded("Dragons <b>", P(4)),
    ev.TeamMemberRemoved("Dragons <b>", P(1)),
    ev.TeamRuleSet(3),
    ev.TeamRuleSet(),
    ev.EmaReadingsSet(
        "countries-2018",
        "base-rank-half-up",
        "age-exclusive",
        "age-from-start",
        "tie-more-recent",
        False,
    ),
    ev.FinalsSeated(
        3, ev.FinalsMode.BY_RANK, 8, ((P(5), P(2), P(7), P(1)), (P(3), P(8), P(4), P(6)))
    ),
    ev.StandingsHidden(3),
    ev.StandingsRevealed(),
    ev.Announced("Session 3 starts at 14:00"),
    ev.MirrorPromoted(41, "https://results.example.org"),
    ev.Corrected(9, HAND, "typo"),
    ev.Corrected(9, None, "void"),
]


def test_every_type_has_an_example() -> None:
    assert {type(e) for e in EXAMPLES} == set(ev.EVENT_TYPES)


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: e.KIND)
def test_round_trip_through_json(event: ev.Event) -> None:
    data = json.loads(json.dumps(encode(event)))
    assert decode(event.KIND, data) == event


@pytest.mark.parametrize(
    ("kind", "data", "problem"),
    [
        ("no-such-kind", {}, "unknown event kind"),
        ("checked-in", {"player": "7"}, "expected a whole number"),
        ("checked-in", {"player": True}, "expected a whole number"),
        ("checked-in", {}, "field 'player' is missing"),
        ("checked-in", {"player": 1, "extra": 2}, "unknown field 'extra'"),
        ("session-totals-recorded", {"session": 1, "table": 1, "scores": "1,2"}, "expected a list"),
        ("hand-recorded", {**encode(HAND), "outcome": "won"}, "expected one of"),
        (
            "corrected",
            {"target": 1, "replacement": {"kind": "x"}, "reason": "r"},
            "expected an event",
        ),
    ],
)
def test_damaged_rows_are_errors(kind: str, data: object, problem: str) -> None:
    with pytest.raises(CodecError, match=problem):
        decode(kind, data)


def test_slots_name_the_place_an_entry_fills() -> None:
    assert ev.slot_of(HAND) == "hand/1/2/3"
    assert ev.slot_of(ev.RiichiResultRecorded(2, 5, (0, 0, 0, 0))) == "result/2/5"
    assert ev.slot_of(ev.Corrected(9, None, "x")) == "correction/9"
    assert ev.slot_of(ev.CheckedIn(P(1))) is None


def test_a_seating_recorded_with_only_a_method_text_still_decodes() -> None:
    # Events recorded before the method was stored as steps carry its English text only.
    old = {
        "first_session": 1,
        "sessions": [[[1, 2, 3, 4]]],
        "method": "affine geometry AG(2, 4); opponents spread",
    }
    event = decode("seating-published", old)
    assert isinstance(event, ev.SeatingPublished)
    assert event.method == "affine geometry AG(2, 4); opponents spread"
    assert event.steps == ()
    assert encode(event) == {**old, "steps": []}
