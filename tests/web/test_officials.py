"""What officials do on the web that the command line also does, each through the same
service: closing and opening a session (with the box "I have checked the results"),
substitutes, disqualification (confirmed), replacing a result or a hand chosen from the
list, editing a player and checking everyone in - each refused for the wrong role (403),
an anonymous visitor (401), and a refusal of the core shown as a 400 page."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from mjref.mcr.hand import McrHand
from mjref.scoring import HandOutcome
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tiles import Wind
from tests.web.conftest import Site, post

KW: dict[str, Any] = {"actor": "desk", "now": datetime(2026, 6, 1, 10, 0, tzinfo=UTC)}


def _results(site: Site, session: int) -> list[int]:
    """Both tables of ``session`` reported as session totals; their positions."""
    return [
        tr.record_totals(
            site.log, "cup", session=session, table=table, scores=[3, 1, -1, -3], **KW
        ).seq
        for table in (1, 2)
    ]


def test_officials_close_a_session_once_its_results_are_checked(site: Site) -> None:
    referee = site.login("ref")
    page = referee.get("/t/cup/admin/results?session=1")
    assert page.status_code == 200
    assert "Close session 1" in page.text
    assert "I have checked the results of every table" in page.text
    assert "Open session 1" in page.text
    missing = post(referee, "/t/cup/admin/results/close", session=1, checked="true")
    assert missing.status_code == 400
    assert "table" in missing.text  # the core names the tables without a result
    _results(site, 1)
    unchecked = post(referee, "/t/cup/admin/results/close", session=1)
    assert unchecked.status_code == 400
    assert "tick the box" in unchecked.text
    assert ts.show_tournament(site.log, "cup").closed == ()
    assert post(site.client(), "/t/cup/admin/results/close", session=1).status_code == 401
    stranger = site.login("ref2")
    assert (
        post(stranger, "/t/cup/admin/results/close", session=1, checked="true").status_code == 403
    )
    closed = post(referee, "/t/cup/admin/results/close", session=1, checked="true")
    assert closed.status_code == 303
    assert ts.show_tournament(site.log, "cup").closed == (1,)
    assert "Session 1 is closed" in referee.get("/t/cup/admin/results?session=1").text
    again = post(referee, "/t/cup/admin/results/close", session=1, checked="true")
    assert again.status_code == 400
    assert "already closed" in again.text
    organiser = site.login("org")
    assert post(organiser, "/t/cup/admin/results/open", session=2).status_code == 303
    assert [e.kind for e in ts.read_log(site.log, "cup", kinds=("session-opened",))] == [
        "session-opened"
    ]
    assert "Session 2 is open." in organiser.get("/t/cup/admin/results?session=2").text
    assert post(stranger, "/t/cup/admin/results/open", session=2).status_code == 403
    assert post(organiser, "/t/cup/admin/results/open", session=9).status_code == 400


def test_a_referee_substitutes_a_player_chosen_from_the_lists(site: Site) -> None:
    sub = ts.add_player(
        site.log, "cup", ts.player_details("Ivo", "Horvat", "HR"), substitute=True, **KW
    ).player
    east = site.table(1, 1)[0]
    referee = site.login("ref")
    page = referee.get("/t/cup/referee").text
    assert f'<option value="{sub}">{sub}. Ivo Horvat (substitute)</option>' in page
    assert 'name="during_play"' in page
    form = {"session": 1, "player": east, "substitute": sub, "why": "illness"}
    assert post(site.client(), "/t/cup/referee/substitute", **form).status_code == 401
    assert post(site.login("ref2"), "/t/cup/referee/substitute", **form).status_code == 403
    done = post(referee, "/t/cup/referee/substitute", during_play="true", **form)
    assert done.status_code == 303
    (entry,) = ts.read_log(site.log, "cup", kinds=("substituted",))
    assert (entry.event.player, entry.event.substitute) == (east, sub)  # type: ignore[attr-defined]
    assert entry.event.during_play is True  # type: ignore[attr-defined]
    twice = post(referee, "/t/cup/referee/substitute", **form)
    assert twice.status_code == 409
    other = site.table(1, 2)[0]
    second = ts.add_player(
        site.log, "cup", ts.player_details("Jan", "Novak", "CZ"), substitute=True, **KW
    ).player
    tr.record_totals(site.log, "cup", session=1, table=2, scores=[3, 1, -1, -3], **KW)
    finished = post(
        referee,
        "/t/cup/referee/substitute",
        session=1,
        player=other,
        substitute=second,
        why="illness",
    )
    assert finished.status_code == 400  # the core: that table's game is over
    assert "already has its result" in finished.text
    busy = post(
        referee, "/t/cup/referee/substitute", session=1, player=other, substitute=sub, why="late"
    )
    assert busy.status_code == 400
    assert "already seated in session 1" in busy.text
    bad_why = post(referee, "/t/cup/referee/substitute", **{**form, "why": "bored"})
    assert bad_why.status_code == 422


def test_a_referee_disqualifies_a_player_only_when_confirmed(site: Site) -> None:
    player = site.table(2, 1)[0]
    referee = site.login("ref")
    form = {"player": player, "session": 2, "scope": "tournament", "note": "cheating seen"}
    unconfirmed = post(referee, "/t/cup/referee/disqualify", **form)
    assert unconfirmed.status_code == 400
    assert "tick the box" in unconfirmed.text
    assert ts.read_log(site.log, "cup", kinds=("disqualified",)) == ()
    assert (
        post(site.client(), "/t/cup/referee/disqualify", confirm="true", **form).status_code == 401
    )
    assert (
        post(site.login("ref2"), "/t/cup/referee/disqualify", confirm="true", **form).status_code
        == 403
    )
    done = post(referee, "/t/cup/referee/disqualify", confirm="true", **form)
    assert done.status_code == 303
    assert ts.show_player(site.log, "cup", player).disqualified == 2
    again = post(referee, "/t/cup/referee/disqualify", confirm="true", **form)
    assert again.status_code == 400
    assert "already disqualified" in again.text


def test_a_result_and_a_hand_are_replaced_from_the_described_list(site: Site) -> None:
    result = tr.record_totals(site.log, "cup", session=1, table=1, scores=[3, 1, -1, -3], **KW)
    east, south, _west, _north = site.table(1, 2)
    hand = tr.record_hand(
        site.log,
        "cup",
        session=1,
        table=2,
        hand=1,
        outcome=HandOutcome.DISCARD,
        winner=east,
        discarder=south,
        points=10,
        **KW,
    ).recorded
    referee = site.login("ref")
    listing = referee.get("/t/cup/referee/entries")
    assert listing.status_code == 200
    assert f"/t/cup/referee/entries?entry={result.seq}#replace" in listing.text
    assert f"/t/cup/referee/entries?entry={hand.seq}#replace" in listing.text
    assert "scores 3, 1, -1, -3" in listing.text
    chosen = referee.get(f"/t/cup/referee/entries?entry={result.seq}")
    assert chosen.status_code == 200
    assert 'value="-3"' in chosen.text
    form = {
        "target": result.seq,
        "session": 1,
        "table": 1,
        "east": 5,
        "south": 1,
        "west": -1,
        "north": -5,
        "reason": "sheet misread",
    }
    assert post(site.client(), "/t/cup/referee/replace/result", **form).status_code == 401
    assert post(site.login("ref2"), "/t/cup/referee/replace/result", **form).status_code == 403
    unbalanced = post(referee, "/t/cup/referee/replace/result", **{**form, "north": 0})
    assert unbalanced.status_code == 400
    assert post(referee, "/t/cup/referee/replace/result", **form).status_code == 303
    scores = [r.score for r in ts.load(site.log, "cup").result(1, 1) or ()]
    assert scores == [5, 1, -1, -5]
    stale = post(referee, "/t/cup/referee/replace/result", **{**form, "east": 7, "north": -7})
    assert stale.status_code in (400, 409)  # superseded: only the latest entry is replaced
    assert referee.get(f"/t/cup/referee/entries?entry={result.seq}").status_code == 404
    hand_page = referee.get(f"/t/cup/referee/entries?entry={hand.seq}")
    assert hand_page.status_code == 200
    assert 'name="outcome"' in hand_page.text
    replaced = post(
        referee,
        "/t/cup/referee/replace/hand",
        target=hand.seq,
        session=1,
        table=2,
        hand=1,
        outcome="self-drawn",
        winner=east,
        points=12,
        flowers=1,
        reason="it was self-drawn",
    )
    assert replaced.status_code == 303, replaced.text[-500:]
    (now,) = ts.load(site.log, "cup").hands(1, 2)
    assert (now.outcome, now.winner, now.points, now.flowers) == (
        HandOutcome.SELF_DRAWN,
        east,
        12,
        1,
    )
    no_winner = post(
        referee,
        "/t/cup/referee/replace/hand",
        target=tr.replaceable(site.log, "cup", session=1)[-1].seq,
        session=1,
        table=2,
        hand=1,
        outcome="self-drawn",
        points=12,
        reason="x",
    )
    assert no_winner.status_code == 400


def test_the_organiser_edits_a_player_and_checks_everyone_in(site: Site) -> None:
    late = ts.add_player(site.log, "cup", ts.player_details("Ivo", "Horvat", "HR"), **KW).player
    sub = ts.add_player(
        site.log, "cup", ts.player_details("Jan", "Novak", "CZ"), substitute=True, **KW
    ).player
    organiser = site.login("org")
    players = organiser.get("/t/cup/admin/players").text
    assert "Check in all" in players
    assert f"/t/cup/admin/players/{late}/edit" in players
    referee = site.login("ref")
    assert post(referee, "/t/cup/admin/players/checkin-all").status_code == 403
    assert post(site.client(), "/t/cup/admin/players/checkin-all").status_code == 401
    assert post(organiser, "/t/cup/admin/players/checkin-all").status_code == 303
    assert ts.show_player(site.log, "cup", late).checked_in
    assert not ts.show_player(site.log, "cup", sub).checked_in
    assert post(organiser, "/t/cup/admin/players/checkin-all").status_code == 303  # nobody left
    form = organiser.get(f"/t/cup/admin/players/{late}/edit")
    assert form.status_code == 200
    assert 'value="Horvat"' in form.text
    assert referee.get(f"/t/cup/admin/players/{late}/edit").status_code == 403
    edit = {"first": "Ivo", "last": "Horvath", "country": "HR", "ema": "", "club": "Zagreb"}
    assert post(referee, f"/t/cup/admin/players/{late}/edit", **edit).status_code == 403
    assert post(site.client(), f"/t/cup/admin/players/{late}/edit", **edit).status_code == 401
    assert post(organiser, f"/t/cup/admin/players/{late}/edit", **edit).status_code == 303
    view = ts.show_player(site.log, "cup", late)
    assert (view.last_name, view.club) == ("Horvath", "Zagreb")
    bad = post(organiser, f"/t/cup/admin/players/{late}/edit", **{**edit, "country": "ZZ"})
    assert bad.status_code == 400
    assert organiser.get("/t/cup/admin/players/99/edit").status_code == 400


def test_an_appeal_is_decided_once_the_session_is_closed_on_the_web(site: Site) -> None:
    """The referee's page says to close the session first; the results page closes it."""
    late = tr.record_lateness(site.log, "cup", player=ts.PlayerId(1), session=1, minutes=5, **KW)
    appeal = tr.file_appeal(
        site.log, "cup", ruling=late.recorded[0].seq, player=ts.PlayerId(1), **KW
    ).seq
    _results(site, 1)
    referee = site.login("ref")
    early = post(referee, f"/t/cup/referee/appeal/{appeal}", upheld="true")
    assert early.status_code == 400
    assert "close session 1 first" in early.text
    assert post(referee, "/t/cup/admin/results/close", session=1, checked="true").status_code == 303
    assert post(referee, f"/t/cup/referee/appeal/{appeal}", upheld="true").status_code == 303
    (decided,) = ts.read_log(site.log, "cup", kinds=("appeal-decided",))
    assert decided.event.upheld is True  # type: ignore[attr-defined]


def test_a_riichi_result_is_replaced_with_its_sticks(site: Site) -> None:
    """The other tournament (RCR 2016, its own referee): final scores and sticks."""
    for first, last in (("Ken", "Sato"), ("Mia", "Berg"), ("Noa", "Lind"), ("Oto", "Vass")):
        ts.add_player(site.log, "other", ts.player_details(first, last, "SE"), check_in=True, **KW)
    ts.publish_seating(site.log, "other", seed=1, **KW)
    result = tr.record_riichi_result(
        site.log, "other", session=1, table=1, scores=[40000, 30000, 30000, 19000], sticks=1, **KW
    )
    referee = site.login("ref2")
    chosen = referee.get(f"/t/other/referee/entries?entry={result.seq}")
    assert chosen.status_code == 200
    assert 'name="sticks"' in chosen.text
    assert "(sticks left: 1)" in referee.get("/t/other/referee/entries").text
    assert site.login("ref").get("/t/other/referee/entries").status_code == 403
    form = {
        "target": result.seq,
        "session": 1,
        "table": 1,
        "east": 41000,
        "south": 30000,
        "west": 30000,
        "north": 19000,
        "reason": "the stick went to East",
    }
    wrong = post(referee, "/t/other/referee/replace/result", sticks=1, **form)
    assert wrong.status_code == 400  # 121,000: the core wants 4 x 30,000
    assert post(referee, "/t/other/referee/replace/result", sticks=0, **form).status_code == 303
    (now,) = tr.replaceable(site.log, "other")
    assert (now.event.scores, now.event.sticks) == ((41000, 30000, 30000, 19000), 0)  # type: ignore[union-attr]


def test_the_referee_replaces_a_hand_with_the_hand_in_notation(site: Site) -> None:
    """The replacement takes the hand's tiles, judged as a hand entered at that table (the
    winds of its hand number from the seating); points and tiles together are refused."""
    east = site.table(1, 2)[0]
    hand = tr.record_hand(
        site.log,
        "cup",
        session=1,
        table=2,
        hand=1,
        outcome=HandOutcome.SELF_DRAWN,
        winner=east,
        points=8,
        **KW,
    ).recorded
    referee = site.login("ref")
    page = referee.get(f"/t/cup/referee/entries?entry={hand.seq}").text
    assert 'name="notation"' in page
    form = {
        "target": hand.seq,
        "session": 1,
        "table": 2,
        "hand": 1,
        "outcome": "self-drawn",
        "winner": east,
        "reason": "the tiles were written down",
    }
    # East in the East round: a pung of East is Prevalent Wind 2 and Seat Wind 2.
    tiles = "[EEE]123m456m789m1p+1p"
    both = post(referee, "/t/cup/referee/replace/hand", **form, points=8, notation=tiles)
    assert both.status_code == 400
    replaced = post(referee, "/t/cup/referee/replace/hand", **form, notation=tiles)
    assert replaced.status_code == 303, replaced.text[-500:]
    (now,) = ts.load(site.log, "cup").hands(1, 2)
    judged, verdict = tr.judge_table_hand(
        site.log,
        "cup",
        McrHand.from_notation(tiles, self_drawn=True),
        session=1,
        table=2,
        hand=1,
        player=east,
    )
    assert now.notation != ""
    assert (now.seat_wind, now.prevalent_wind) == (judged.seat_wind, judged.prevalent_wind)
    assert (now.seat_wind, now.prevalent_wind) == (Wind.EAST, Wind.EAST)
    assert "Prevalent Wind" in [f.fan.title for f in verdict.fans]
    assert now.points == verdict.total
