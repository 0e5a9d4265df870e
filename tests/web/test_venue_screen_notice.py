"""The venue screen (issue 25): a paused clock says why, on the screen and on the
officials' clock page, in the page's language; a notice given during a session's play
goes when the next session starts (decided in the fold, by the session it was given
in), one given between sessions stays into the next."""

from __future__ import annotations

from datetime import timedelta

from mjref.services import tournament as ts
from mjref.services import tournament_clock as clock
from mjref.services import tournament_review as review
from tests.web.conftest import NOW, Site


def test_the_screen_says_why_the_clock_is_paused(site: Site) -> None:
    clock.start_session(site.log, "cup", 1, minutes=90, actor="setup", now=NOW)
    later = NOW + timedelta(minutes=5)
    clock.pause_session(site.log, "cup", 1, reason="Ruling at table 2", actor="setup", now=later)
    document = site.client().get("/t/cup/clock.json").json()
    assert document["clock"]["phase"] == "paused"
    assert [p["reason"] for p in document["clock"]["pauses"]] == ["Ruling at table 2"]
    screen = site.client("fr").get("/t/cup/screen").text
    assert 'id="pause-reason"' in screen
    assert '"paused-reason": "En pause : {reason}"' in screen
    for lang, text in (("en", "Paused: "), ("hu", "Szünet oka: "), ("fr", "En pause : ")):
        page = site.login("org", lang).get("/t/cup/clock").text
        assert f"{text}Ruling at table 2" in page, lang


def _next_session(site: Site, notice: str, *, between: bool) -> str:
    """Session 1 played and ended, ``notice`` given during its play or after its end,
    then session 2 opened and started: the notice on the screen then."""
    at = NOW
    clock.start_session(site.log, "cup", 1, minutes=90, actor="setup", now=at)
    if not between:
        review.announce(site.log, "cup", text=notice, actor="setup", now=at)
    clock.end_session(site.log, "cup", 1, actor="setup", now=at + timedelta(minutes=90))
    if between:
        review.announce(site.log, "cup", text=notice, actor="setup", now=at)
    shown = site.client().get("/t/cup/clock.json").json()["announcement"]
    assert shown == notice  # still there between sessions
    ts.open_session(site.log, "cup", 2, actor="setup", now=at + timedelta(minutes=92))
    clock.start_session(
        site.log, "cup", 2, minutes=90, actor="setup", now=at + timedelta(minutes=95)
    )
    return str(site.client().get("/t/cup/clock.json").json()["announcement"])


def test_a_notice_given_during_a_session_goes_when_the_next_starts(site: Site) -> None:
    assert _next_session(site, "Table 3 plays on", between=False) == ""
    assert review.announcement(site.log, "cup") == ""


def test_a_notice_given_between_sessions_stays_into_the_next(site: Site) -> None:
    assert _next_session(site, "Prizes at 18:00", between=True) == "Prizes at 18:00"
