"""Riichi hand by hand on the web form and through the API (generated from the command
catalogue), on SQLite and PostgreSQL: the RCR 2016 hanchan worked by hand in
``tests/scoring/test_riichi_game.py`` entered on the referee's form at table 1 and through
the API at table 2 gives the same standings lines as the score sheet entered for the same
game; the page shows the running totals and hostile names encoded."""

from __future__ import annotations

from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from mjref.players import PlayerId
from mjref.scoring.riichi_game import HandPlay
from mjref.services import accounts
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.store.accounts import SqlAccounts
from tests.scoring.test_riichi_game import HANCHAN_2016
from tests.web.conftest import NOW, Site, csrf

KW: dict[str, Any] = {"actor": "setup", "now": NOW}


def _riichi_site(site: Site) -> None:
    """Players 1-12 in 'other' (RCR 2016, 1 session): tables 1, 2 and 3 of four."""
    for n in range(1, 13):
        first = "<script>x</script>" if n == 1 else f"P{n}"
        ts.add_player(
            site.log, "other", ts.player_details(first, f"L{n}", "DK"), check_in=True, **KW
        )
    plan = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]]
    ts.publish_plan(site.log, "other", [[[PlayerId(p) for p in t] for t in s] for s in plan], **KW)


def _fields(hand: HandPlay, first: int) -> dict[str, Any]:
    wins = [
        f"{w.seat + first}:"
        + (f"{w.value.yakuman}xyakuman" if w.value.yakuman else f"{w.value.han}:{w.value.fu}")
        for w in hand.wins
    ]
    body: dict[str, Any] = {"outcome": hand.outcome.value, "win": wins}
    if hand.discarder is not None:
        body["discarder"] = hand.discarder + first
    if hand.offender is not None:
        body["offender"] = hand.offender + first
    body["riichi"] = [s + first for s in sorted(hand.riichi)]
    body["tenpai"] = [s + first for s in sorted(hand.tenpai)]
    return body


def _line(site: Site, player: int) -> tuple[Fraction, Fraction, Fraction]:
    found = ts.player_history(site.log, "other", PlayerId(player))[0]
    return found.points, found.uma, found.total


def test_the_form_and_the_api_give_the_score_sheets_result(site: Site) -> None:
    _riichi_site(site)
    referee = site.login("ref2")
    page = referee.get("/t/other/admin/riichi-hands?session=1&table=1")
    assert page.status_code == 200, page.text
    assert "<script>x</script>" not in page.text
    assert "&lt;script&gt;x&lt;/script&gt;" in page.text
    for number, (hand, *_) in enumerate(HANCHAN_2016, start=1):
        sent = referee.post(
            "/t/other/admin/riichi-hands",
            data={
                "csrftoken": csrf(referee),
                "session": "1",
                "table": "1",
                "hand": str(number),
                **_fields(hand, 1),
            },
            follow_redirects=False,
        )
        assert sent.status_code == 303, sent.text
    token = accounts.new_token(SqlAccounts(site.log.engine), "ref2", now=datetime.now(UTC))
    for number, (hand, *_) in enumerate(HANCHAN_2016, start=1):
        answer = site.client().post(
            "/api/tournaments/other/commands/riichi-hand",
            json={"session": 1, "table": 2, "hand": number, **_fields(hand, 5)},
            headers={"authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["over"] is True
    assert body["scores"] == {"5": 39900, "6": 27900, "7": 15900, "8": 35300}
    tr.record_riichi_result(
        site.log, "other", session=1, table=3, scores=[39900, 27900, 15900, 35300], sticks=1, **KW
    )
    for seat in range(4):
        on_form, by_api, sheet = _line(site, seat + 1), _line(site, seat + 5), _line(site, seat + 9)
        assert on_form == by_api
        chombo = 20000 if seat == 3 else 0  # D's chombo, 20,000 after uma (RCR 2016 3.4.6)
        assert on_form[:2] == sheet[:2]
        assert on_form[2] == sheet[2] - chombo
    shown = referee.get("/t/other/admin/riichi-hands?session=1&table=1").text
    assert "39900" in shown
    assert "35300" in shown
    # An impossible hand is refused with the reason, nothing recorded.
    again = site.client().post(
        "/api/tournaments/other/commands/riichi-hand",
        json={"session": 1, "table": 2, "hand": 15, "outcome": "draw"},
        headers={"authorization": f"Bearer {token}"},
    )
    assert again.status_code == 400
    assert "the game is over" in again.text
    # Statistics from the hands (tests/services/test_riichi_hands.py works them out): in
    # the API and on the player's page; the score sheet's players have none.
    stats = site.client().get("/api/tournaments/other/players/1/riichi-stats").json()
    assert stats == {
        "player": 1,
        "riichi": {
            "hands": 13,
            "wins": 3,
            "self_drawn": 1,
            "deal_ins": 1,
            "riichi": 3,
            "chombo": 0,
            "win_points": 15000,
            "average_win": 5000,
        },
    }
    d = site.client().get("/api/tournaments/other/players/8/riichi-stats").json()["riichi"]
    assert (d["wins"], d["chombo"], d["average_win"]) == (3, 1, "17200/3")
    assert (
        site.client().get("/api/tournaments/other/players/9/riichi-stats").json()["riichi"] is None
    )
    page = site.client().get("/t/other/players/4")
    assert page.status_code == 200
    assert "Deal-ins" in page.text
    assert "5,733 1/3" in page.text  # D's average winning hand, 17,200 / 3, in English
    assert "Deal-ins" not in site.client().get("/t/other/players/9").text


def test_the_results_page_links_each_riichi_table_to_its_hands(site: Site) -> None:
    _riichi_site(site)
    page = site.login("ref2").get("/t/other/admin/results?session=1")
    assert page.status_code == 200, page.text
    assert "/t/other/admin/riichi-hands?session=1&amp;table=2" in page.text
    assert "/admin/hands?" not in page.text


def test_a_hand_given_as_tiles_is_judged_first_with_its_yaku_table(site: Site) -> None:
    _riichi_site(site)
    referee = site.login("ref2")
    form = {
        "csrftoken": csrf(referee),
        "session": "1",
        "table": "1",
        "hand": "1",
        "outcome": "ron",
        "win": ["3:tiles=[PPP]234m567p33s67s+8s", ""],
        "discarder": "1",
        "action": "judge",
    }
    judged = referee.post("/t/other/admin/riichi-hands", data=form, follow_redirects=False)
    assert judged.status_code == 200, judged.text
    # West (player 3) in East 1, as docs/riichi.md's example for South: the white dragons.
    assert "1 han 30 fu: 1000 points" in judged.text
    assert "Yakuhai" in judged.text
    assert 'value="3:tiles=[PPP]234m567p33s67s+8s"' in judged.text  # kept in the form
    assert "riichi-hand-recorded" not in {e.kind for e in ts.read_log(site.log, "other")}
    bad = referee.post(
        "/t/other/admin/riichi-hands",
        data={**form, "win": ["3:tiles=123m456p789s1122z+2z"]},
        follow_redirects=False,
    )
    assert bad.status_code == 200, bad.text
    assert "Not a valid win" in bad.text
    recorded = referee.post(
        "/t/other/admin/riichi-hands", data={**form, "action": "record"}, follow_redirects=False
    )
    assert recorded.status_code == 303, recorded.text
    assert [e.kind for e in ts.read_log(site.log, "other", kinds=["riichi-hand-recorded"])] == [
        "riichi-hand-recorded"
    ]


def test_an_mcr_tournament_points_to_its_own_hands_page(site: Site) -> None:
    page = site.login("org").get("/t/cup/admin/riichi-hands?session=1&table=2")
    assert page.status_code == 200, page.text
    assert "does not play riichi" in page.text
    assert "/t/cup/admin/hands?session=1&amp;table=2" in page.text


def test_a_2012_hanchan_on_the_form_and_through_the_api(site: Site) -> None:
    """RCR 2012 (an abortive draw, chombos paid at the table, uma 30/10/-10/-30): the form,
    the API and the score sheet give the same lines."""
    from mjref.services.accounts import grant
    from tests.scoring.test_riichi_game import HANCHAN_2012

    ts.create_tournament(site.log, "r12", name="R12", ruleset="rcr-2012", sessions=1, **KW)
    for n in range(1, 13):
        ts.add_player(site.log, "r12", ts.player_details(f"P{n}", "L", "DK"), check_in=True, **KW)
    plan = [
        [[PlayerId(p) for p in t] for t in s]
        for s in [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]]
    ]
    ts.publish_plan(site.log, "r12", plan, **KW)
    grant(SqlAccounts(site.log.engine), "ref2", "r12")
    referee = site.login("ref2")
    token = accounts.new_token(SqlAccounts(site.log.engine), "ref2", now=datetime.now(UTC))
    for number, (hand, *_) in enumerate(HANCHAN_2012, start=1):
        sent = referee.post(
            "/t/r12/admin/riichi-hands",
            data={"csrftoken": csrf(referee), "session": "1", "table": "1", "hand": str(number)}
            | _fields(hand, 1),
            follow_redirects=False,
        )
        assert sent.status_code == 303, sent.text
        answer = site.client().post(
            "/api/tournaments/r12/commands/riichi-hand",
            json={"session": 1, "table": 2, "hand": number, **_fields(hand, 5)},
            headers={"authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 201, answer.text
    assert answer.json()["scores"] == {"5": 40900, "6": -16200, "7": 49200, "8": 46100}
    tr.record_riichi_result(
        site.log, "r12", session=1, table=3, scores=[40900, -16200, 49200, 46100], **KW
    )

    def line(player: int) -> tuple[Fraction, Fraction, Fraction]:
        found = ts.player_history(site.log, "r12", PlayerId(player))[0]
        return found.points, found.uma, found.total

    assert [line(p) for p in (1, 2, 3, 4)] == [line(p) for p in (5, 6, 7, 8)]
    assert [line(p) for p in (1, 2, 3, 4)] == [line(p) for p in (9, 10, 11, 12)]
    assert [line(p)[2] for p in (1, 2, 3, 4)] == [900, -76200, 49200, 26100]


def test_the_table_enters_its_hands_and_another_player_confirms_them(site: Site) -> None:
    """Through the table's scorer link: player 1 enters the hanchan hand by hand with
    their code; nothing counts until player 2 confirms, and the standings then equal the
    score sheet's. The API takes a player's hand and an official's confirmation too."""
    _riichi_site(site)
    web_state: Any = site.app.web  # type: ignore[attr-defined]
    token = web_state.scorer_token("other", 1, 1)
    table = site.client()
    sheet = table.get(f"/s/{token}")
    assert f"/s/{token}/riichi-hands" in sheet.text  # a riichi table may go hand by hand
    page = table.get(f"/s/{token}/riichi-hands")
    assert page.status_code == 200, page.text
    assert "&lt;script&gt;x&lt;/script&gt;" in page.text
    assert "<script>x</script>" not in page.text
    code1 = site.code(1, "other")
    for number, (hand, *_) in enumerate(HANCHAN_2016, start=1):
        sent = table.post(
            f"/s/{token}/riichi-hands",
            data={"csrftoken": csrf(table), "hand": str(number), "player": "1", "code": code1}
            | _fields(hand, 1),
            follow_redirects=False,
        )
        assert sent.status_code == 303, sent.text
    shown = table.get(f"/s/{token}/riichi-hands").text
    assert "await confirmation" in shown
    assert "39900" in shown  # the running totals are shown meanwhile
    assert _line(site, 1)[2] == 0  # nothing counts yet
    # Player 1 cannot confirm their own hands; a wrong code is refused; player 2 can.
    hands = str(len(HANCHAN_2016))
    own = table.post(
        f"/s/{token}/riichi-hands/confirm",
        data={"csrftoken": csrf(table), "player": "1", "code": code1, "hands": hands},
    )
    assert own.status_code == 400
    assert "another player of the table" in own.text
    wrong = table.post(
        f"/s/{token}/riichi-hands/confirm",
        data={"csrftoken": csrf(table), "player": "2", "code": "WRONG", "hands": hands},
    )
    assert wrong.status_code == 400
    confirmed = table.post(
        f"/s/{token}/riichi-hands/confirm",
        data={
            "csrftoken": csrf(table),
            "player": "2",
            "code": site.code(2, "other"),
            "hands": hands,
        },
        follow_redirects=False,
    )
    assert confirmed.status_code == 303, confirmed.text
    tr.record_riichi_result(
        site.log, "other", session=1, table=3, scores=[39900, 27900, 15900, 35300], sticks=1, **KW
    )
    for seat in range(4):
        by_table, sheet_line = _line(site, seat + 1), _line(site, seat + 9)
        assert by_table[:2] == sheet_line[:2]
    # A player from another table cannot use this link.
    stranger = table.post(
        f"/s/{token}/riichi-hands/confirm",
        data={"csrftoken": csrf(table), "player": "5", "code": site.code(5, "other"), "hands": "1"},
    )
    assert stranger.status_code == 403
    # Through the API: player 5 enters table 2's first hand; a referee confirms it.
    first, *_ = HANCHAN_2016[0]
    answer = site.client().post(
        "/api/tournaments/other/riichi-hand-proposals",
        json={
            "session": 1,
            "table": 2,
            "hand": 1,
            "proposed_by": 5,
            "code": site.code(5, "other"),
            **_fields(first, 5),
        },
    )
    assert answer.status_code == 201, answer.text
    assert _line(site, 5)[2] == 0
    unsigned = site.client().post(
        "/api/tournaments/other/riichi-hands/confirm", json={"session": 1, "table": 2, "hands": 1}
    )
    assert unsigned.status_code == 401
    bearer = accounts.new_token(SqlAccounts(site.log.engine), "ref2", now=datetime.now(UTC))
    done = site.client().post(
        "/api/tournaments/other/riichi-hands/confirm",
        json={"session": 1, "table": 2, "hands": 1},
        headers={"authorization": f"Bearer {bearer}"},
    )
    assert done.status_code == 201, done.text
    assert _line(site, 5)[2] != 0


def test_an_official_confirms_a_tables_hands_on_its_page(site: Site) -> None:
    _riichi_site(site)
    web_state: Any = site.app.web  # type: ignore[attr-defined]
    token = web_state.scorer_token("other", 1, 1)
    table = site.client()
    table.get(f"/s/{token}/riichi-hands")
    first, *_ = HANCHAN_2016[0]
    sent = table.post(
        f"/s/{token}/riichi-hands",
        data={"csrftoken": csrf(table), "hand": "1", "player": "3", "code": site.code(3, "other")}
        | _fields(first, 1),
        follow_redirects=False,
    )
    assert sent.status_code == 303, sent.text
    referee = site.login("ref2")
    dashboard = referee.get("/t/other/admin").text
    assert "table 1: riichi hands entered by a player await confirmation" in dashboard
    page = referee.get("/t/other/admin/riichi-hands?session=1&table=1").text
    assert "/t/other/admin/riichi-hands/confirm" in page
    assert "await confirmation" in page
    stale = referee.post(
        "/t/other/admin/riichi-hands/confirm",
        data={"csrftoken": csrf(referee), "session": "1", "table": "1", "hands": "2"},
    )
    assert stale.status_code == 400
    assert "has 1 hand(s) now, not 2" in stale.text
    done = referee.post(
        "/t/other/admin/riichi-hands/confirm",
        data={"csrftoken": csrf(referee), "session": "1", "table": "1", "hands": "1"},
        follow_redirects=False,
    )
    assert done.status_code == 303, done.text
    assert (
        "/t/other/admin/riichi-hands/confirm"
        not in referee.get("/t/other/admin/riichi-hands?session=1&table=1").text
    )
    assert _line(site, 1)[2] != 0
