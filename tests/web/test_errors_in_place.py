"""Errors in place (issue 25): a form sent with a mistake is answered with the page it came
from, the message marked for that form and the field it names (static/forms.js puts it
beside the field and fills the form in again; the browser test checks that part); an
anonymous visitor on an official's page is sent to the login and back, and ``next=`` is a
path of this site only."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mjref.web.kept import local_path
from tests.web.conftest import Site, csrf, scorer_links


def _send(client: TestClient, url: str, page: str, **data: object) -> Any:
    """A form sent from ``page`` as a browser sends it (with the page as its referer)."""
    client.get(page)
    return client.post(
        url,
        data={"csrftoken": csrf(client), **{k: str(v) for k, v in data.items()}},
        headers={"referer": f"http://venue.test{page}"},
        follow_redirects=False,
    )


def _problem(text: str) -> tuple[str, str, str]:
    found = re.search(
        r'<p class="problem form-problem" role="alert" data-form-problem="([^"]*)" '
        r'data-field="([^"]*)">([^<]*)</p>',
        text,
    )
    assert found is not None, "no problem marked for a form"
    action, field, message = found.groups()
    return action, field, html.unescape(message)


def test_a_scorers_wrong_total_answers_with_the_table_page(site: Site) -> None:
    organiser = site.login("org")
    link = scorer_links(organiser, 1)[0]
    scorer = site.client(lang="hu")
    players = site.table(1, 1)
    sent = _send(
        scorer,
        link,
        link,
        player=players[0],
        code=site.code(players[0]),
        east=10,
        south=10,
        west=-10,
        north=-5,
    )
    assert sent.status_code == 400
    action, field, message = _problem(sent.text)
    assert action == link
    assert field == ""
    assert 'id="entry"' in sent.text  # the same form, on the same page
    assert 'lang="hu"' in sent.text
    assert message  # the services' message, in Hungarian
    not_a_number = _send(
        scorer, link, link, player=players[0], code="x", east="tíz", south=0, west=0, north=0
    )
    assert not_a_number.status_code == 422
    action, field, message = _problem(not_a_number.text)
    assert (action, field) == (link, "east")
    assert "'tíz'" in message
    assert "nem fogadható el" in message


def test_a_bad_extra_time_answers_with_the_clock_page(site: Site) -> None:
    referee = site.login("ref", lang="it")
    sent = _send(
        referee,
        "/t/cup/clock/extra",
        "/t/cup/clock",
        session=1,
        table=99,
        minutes=5,
        reason="tavolo lento",
    )
    assert sent.status_code in (400, 422)
    action, _, message = _problem(sent.text)
    assert action == "/t/cup/clock/extra"
    assert message
    assert 'action="/t/cup/clock/extra"' in sent.text
    too_long = _send(
        referee,
        "/t/cup/clock/extra",
        "/t/cup/clock",
        session=1,
        table=1,
        minutes=999,
        reason="x",
    )
    assert too_long.status_code == 422
    assert _problem(too_long.text)[1] == "minutes"


def test_a_failed_import_shows_the_form_again(site: Site) -> None:
    organiser = site.login("org")
    page = "/t/cup/admin/players"
    bad = _send(organiser, f"{page}/import", page, text="first_name,last_name,country\n,X,HU\n")
    assert bad.status_code == 400
    assert 'id="import"' in bad.text  # the import form is on the answer (forms.js refills it)
    assert re.search(r"line 2", bad.text)


def test_a_form_without_its_page_still_gets_the_error_page(site: Site) -> None:
    referee = site.login("ref")
    client_post = referee.post(
        "/t/cup/clock/extra",
        data={"csrftoken": csrf(referee), "session": 1, "table": 1, "minutes": 999, "reason": "x"},
        follow_redirects=False,
    )
    assert client_post.status_code == 422
    assert "data-form-problem" not in client_post.text
    outside = referee.post(
        "/t/cup/clock/extra",
        data={"csrftoken": csrf(referee), "session": 1, "table": 1, "minutes": 999, "reason": "x"},
        headers={"referer": "https://elsewhere.example/t/cup/clock"},
        follow_redirects=False,
    )
    assert outside.status_code == 422
    assert "data-form-problem" not in outside.text


def test_an_anonymous_visitor_is_sent_to_the_login_and_back(site: Site) -> None:
    visitor = site.client()
    for page in ("/t/cup/admin", "/t/cup/referee?incident=false-hu", "/t/cup/admin/players"):
        sent = visitor.get(page, follow_redirects=False)
        assert sent.status_code == 303
        location = sent.headers["location"]
        assert location.startswith("/login?next=")
        form = visitor.get(location).text
        assert f'name="next" value="{html.escape(page)}"' in form
        visitor.cookies.clear()
    visitor.get("/login?next=/t/cup/referee")
    logged = visitor.post(
        "/login",
        data={
            "csrftoken": csrf(visitor),
            "name": "ref",
            "password": "correct-horse",
            "next": "/t/cup/referee?incident=late-arrival",
        },
        follow_redirects=False,
    )
    assert logged.status_code == 303
    assert logged.headers["location"] == "/t/cup/referee?incident=late-arrival"
    assert visitor.get(logged.headers["location"]).status_code == 200


@pytest.mark.parametrize(
    "target",
    [
        "//evil.example/",
        "https://evil.example/",
        "/\\evil.example",
        "\\\\evil.example",
        "javascript:alert(1)",
        "/t/cup\r\nSet-Cookie: x=1",
        "evil.example",
        "",
    ],
)
def test_next_never_leaves_the_site(site: Site, target: str) -> None:
    visitor = site.client()
    form = visitor.get("/login", params={"next": target}).text
    assert 'name="next"' not in form
    logged = visitor.post(
        "/login",
        data={
            "csrftoken": csrf(visitor),
            "name": "ref",
            "password": "correct-horse",
            "next": target,
        },
        follow_redirects=False,
    )
    assert logged.status_code == 303
    assert logged.headers["location"] == "/"


def test_local_path() -> None:
    assert local_path("/t/cup/admin?session=2") == "/t/cup/admin?session=2"
    for bad in ("//x", "/\\x", "http://x/", "x", "/a\nb", "/" + "a" * 600, None):
        assert local_path(bad) is None
