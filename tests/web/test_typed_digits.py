"""A number typed in a form field that may stay empty is ASCII digits: '¹' (a digit to
``str.isdigit`` that ``int`` refuses) or '٣' is refused with the field named, never a
server error and never dropped as if the field were empty."""

from __future__ import annotations

import pytest

from tests.web.conftest import Site, csrf


@pytest.mark.parametrize("typed", ["¹", "٣", "12a"])
def test_a_substitute_number_in_another_script_is_refused(site: Site, typed: str) -> None:
    referee = site.login("ref")
    answer = referee.post(
        "/t/cup/referee/late",
        data={
            "csrftoken": csrf(referee),
            "player": "1",
            "session": "1",
            "minutes": "30",
            "substitute": typed,
        },
    )
    assert answer.status_code == 422, answer.text
    assert "substitute" in answer.text


@pytest.mark.parametrize("typed", ["¹", "٣"])
def test_a_withdrawal_session_in_another_script_is_refused(site: Site, typed: str) -> None:
    organiser = site.login("org")
    answer = organiser.post(
        "/t/cup/admin/players/3/withdraw",
        data={"csrftoken": csrf(organiser), "session": typed},
    )
    assert answer.status_code == 422, answer.text
    assert "session" in answer.text
