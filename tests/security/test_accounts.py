"""Accounts of the trust issue: a session cookie used to stay valid for 14 days after a
logout; there was no way to change a password or to revoke a token, a grant or an
account; ``users grant`` took a tournament that does not exist and ``users list`` showed
no grants. Now sessions carry the account's generation (checked on every request; moved
on by a logout, a new password, disabling), and every change is recorded with who and
when."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from mjref.cli.main import app as cli
from mjref.services import accounts
from mjref.store.accounts import SqlAccounts
from mjref.web.app import SESSION_COOKIE
from tests.web.conftest import PASSWORD, Site, post

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
NEW = "a-much-longer-secret"


def _sent_to_login(response: Any) -> bool:
    """A page of an official asked for without a valid session: the login, then back."""
    where = response.headers.get("location", "")
    return bool(response.status_code == 303 and where.startswith("/login?next="))


def _replay(site: Site, cookie: str) -> TestClient:
    """A second browser holding a copy of a session cookie."""
    thief = site.client()
    thief.cookies.set(SESSION_COOKIE, cookie)
    return thief


def _mj(site: Site, *args: str, code: int = 0, stdin: str | None = None) -> str:
    result = CliRunner().invoke(
        cli, list(args), env={"MJREF_DB": site.url, "MJREF_ACTOR": "head"}, input=stdin
    )
    assert result.exit_code == code, (args, result.stdout, result.stderr)
    return result.stdout + result.stderr


def _store(site: Site) -> SqlAccounts:
    return SqlAccounts(site.log.engine)


def test_a_logged_out_session_cookie_stops_working_at_once(site: Site) -> None:
    browser = site.login("org")
    cookie = browser.cookies[SESSION_COOKIE]
    assert _replay(site, cookie).get("/t/cup/admin").status_code == 200
    assert post(browser, "/logout").status_code == 303
    assert _sent_to_login(_replay(site, cookie).get("/t/cup/admin", follow_redirects=False))
    assert _sent_to_login(browser.get("/t/cup/admin", follow_redirects=False))
    again = site.login("org")  # a new login works
    assert again.get("/t/cup/admin").status_code == 200


def test_a_cookie_without_the_generation_or_with_another_is_refused(site: Site) -> None:
    from itsdangerous import TimestampSigner

    browser = site.login("org")
    assert browser.get("/t/cup/admin").status_code == 200
    signer = TimestampSigner(site.secret)
    for session in ({"user": "org"}, {"user": "org", "gen": 7}, {"user": "org", "gen": True}):
        import base64

        data = base64.b64encode(json.dumps(session).encode())
        forged = signer.sign(data).decode()
        assert _sent_to_login(_replay(site, forged).get("/t/cup/admin", follow_redirects=False)), (
            session
        )


def test_changing_the_password_on_the_web_ends_the_other_sessions(site: Site) -> None:
    laptop, phone = site.login("org"), site.login("org")
    form = laptop.get("/account/password")
    assert form.status_code == 200
    assert 'name="current"' in form.text
    assert _sent_to_login(site.client().get("/account/password", follow_redirects=False))
    wrong = post(laptop, "/account/password", current="nope-nope", new=NEW, again=NEW)
    assert wrong.status_code == 400
    assert "current password is wrong" in wrong.text
    differ = post(laptop, "/account/password", current=PASSWORD, new=NEW, again=NEW + "x")
    assert differ.status_code == 400
    assert "not the same" in differ.text
    short = post(laptop, "/account/password", current=PASSWORD, new="short", again="short")
    assert short.status_code == 400
    done = post(laptop, "/account/password", current=PASSWORD, new=NEW, again=NEW)
    assert done.status_code == 200
    assert "password is changed" in done.text
    assert laptop.get("/t/cup/admin").status_code == 200  # this session goes on
    assert _sent_to_login(phone.get("/t/cup/admin", follow_redirects=False))  # the other one ended
    store = _store(site)
    with pytest.raises(accounts.AccountError):
        accounts.login(store, "org", PASSWORD, now=1e9)
    assert accounts.login(store, "org", NEW, now=1e9).name == "org"
    (change,) = [c for c in store.changes("org") if c[2] == "password"]
    assert change[1] == "org"
    assert change[0].startswith("20")


def test_the_password_page_is_translated(site: Site) -> None:
    page = site.login("org", lang="it").get("/account/password")
    assert "Cambia la mia password" in page.text


def test_users_passwd_reads_the_password_twice_and_ends_every_session(site: Site) -> None:
    browser = site.login("ref")
    out = _mj(site, "users", "passwd", "ref", stdin=f"{NEW}\n{NEW}\n")
    assert "every session of the account has ended" in out
    assert _sent_to_login(browser.get("/t/cup/referee", follow_redirects=False))
    assert accounts.login(_store(site), "ref", NEW, now=1e9).name == "ref"
    differ = _mj(site, "users", "passwd", "ref", stdin=f"{NEW}\nother-one-1\n", code=2)
    assert "not the same" in differ
    once = _mj(site, "users", "passwd", "ref", stdin=f"{NEW}\n", code=2)
    assert "not the same" in once
    assert "no account called" in _mj(
        site, "users", "passwd", "nobody", stdin=f"{NEW}\n{NEW}\n", code=2
    )
    shown = json.loads(
        _mj(site, "users", "passwd", "ref", "--json", stdin=f"{PASSWORD}\n{PASSWORD}\n")
    )
    assert shown == {"name": "ref", "password": "changed"}
    assert [c[1:3] for c in _store(site).changes("ref") if c[2] == "password"] == [
        ("head", "password"),
        ("head", "password"),
    ]


def test_revoking_a_token_or_every_token(site: Site) -> None:
    store = _store(site)
    first = accounts.new_token(store, "org", now=NOW)
    second = accounts.new_token(store, "org", now=NOW)
    api = site.client()
    auth = {"Authorization": f"Bearer {first}"}
    assert api.get("/api/tournaments/cup/pending", headers=auth).status_code == 200
    out = json.loads(_mj(site, "users", "revoke", "org", "--token", first[:14], "--json"))
    assert out == {"name": "org", "disabled": False, "revoked": [first[:14]]}
    assert api.get("/api/tournaments/cup/pending", headers=auth).status_code == 401
    again = {"Authorization": f"Bearer {second}"}
    assert api.get("/api/tournaments/cup/pending", headers=again).status_code == 200
    missing = _mj(site, "users", "revoke", "org", "--token", first[:14], code=2)
    assert "no token in force" in missing
    assert "tokens of org revoked" in _mj(site, "users", "revoke", "org", "--all-tokens")
    assert api.get("/api/tournaments/cup/pending", headers=again).status_code == 401
    assert site.login("org").get("/t/cup/admin").status_code == 200  # the account works
    assert [c[2] for c in store.changes("org")].count("token-revoked") == 2
    both = _mj(site, "users", "revoke", "org", "--token", "x", "--all-tokens", code=2)
    assert "not both" in both


def test_revoking_an_account_disables_its_sessions_tokens_and_logins(site: Site) -> None:
    store = _store(site)
    token = accounts.new_token(store, "ref", now=NOW)
    browser = site.login("ref")
    out = _mj(site, "users", "revoke", "ref", "--lang", "fr")
    assert "compte ref désactivé" in out
    assert _sent_to_login(browser.get("/t/cup/referee", follow_redirects=False))
    auth = {"Authorization": f"Bearer {token}"}
    assert site.client().get("/api/tournaments/cup/pending", headers=auth).status_code == 401
    refused = post(site.client(), "/login", name="ref", password=PASSWORD)
    assert refused.status_code == 401
    assert "wrong name or password" in refused.text
    assert "is disabled" in _mj(site, "users", "revoke", "ref", code=2)
    listed = json.loads(_mj(site, "users", "list", "--json"))
    assert {"name": "ref", "role": "referee", "tournaments": ["cup"], "disabled": True} in listed
    assert "ref (referee, disabled): cup" in _mj(site, "users", "list")
    actions = [(c[1], c[2]) for c in store.changes("ref")]
    assert ("head", "disabled") in actions
    assert ("head", "token-revoked") in actions


def test_ungranting_a_tournament_works_at_once(site: Site) -> None:
    browser = site.login("ref")
    assert browser.get("/t/cup/referee").status_code == 200
    out = json.loads(_mj(site, "users", "ungrant", "ref", "cup", "--json"))
    assert out == {"name": "ref", "tournaments": []}
    assert browser.get("/t/cup/referee").status_code == 403
    assert "may not act on cup" in _mj(site, "users", "ungrant", "ref", "cup", code=2)
    (change,) = [c for c in _store(site).changes("ref") if c[2] == "ungranted"]
    assert change[1:] == ("head", "ungranted", "cup")


def test_the_organiser_revokes_a_referee_on_the_accounts_page(site: Site) -> None:
    referee = site.login("ref")
    organiser = site.login("org")
    page = organiser.get("/t/cup/admin/referees")
    assert 'action="/t/cup/admin/referees/ref/revoke"' in page.text
    assert 'action="/t/cup/admin/referees/org/revoke"' not in page.text  # not an organiser
    assert post(referee, "/t/cup/admin/referees/ref/revoke").status_code == 403
    done = post(organiser, "/t/cup/admin/referees/ref/revoke")
    assert done.status_code == 303
    assert referee.get("/t/cup/referee").status_code == 403
    assert "ref (" not in organiser.get("/t/cup/admin/referees").text
    again = post(organiser, "/t/cup/admin/referees/ref/revoke")
    assert again.status_code == 400
    assert "may not act on cup" in again.text
    assert post(organiser, "/t/cup/admin/referees/org/revoke").status_code == 400
    assert post(organiser, "/t/cup/admin/referees/nobody/revoke").status_code == 400
    assert "cup" in _store(site).granted("org")
    (change,) = [c for c in _store(site).changes("ref") if c[2] == "ungranted"]
    assert change[1:] == ("org", "ungranted", "cup")


def test_grants_name_an_existing_tournament_and_are_listed(site: Site) -> None:
    refused = _mj(site, "users", "grant", "ref", "no-such-tournament", code=2)
    assert "there is no tournament 'no-such-tournament'" in refused
    assert "no-such-tournament" not in _store(site).granted("ref")
    added = _mj(site, "users", "add", "carol", "-t", "nope", "--role", "referee", code=2)
    assert "there is no tournament 'nope'" in added
    assert _store(site).user("carol") is None
    assert "ref may act on: cup, other" in _mj(site, "users", "grant", "ref", "other")
    listed = json.loads(_mj(site, "users", "list", "--json"))
    assert listed == [
        {"name": "org", "role": "organiser", "tournaments": ["cup"], "disabled": False},
        {"name": "ref", "role": "referee", "tournaments": ["cup", "other"], "disabled": False},
        {"name": "ref2", "role": "referee", "tournaments": ["other"], "disabled": False},
    ]
    text = _mj(site, "users", "list")
    assert "ref (referee): cup, other" in text
    assert "org (organiser): cup" in text
    (change,) = [c for c in _store(site).changes("ref") if c[2] == "granted" and c[1] == "head"]
    assert change[3] == "other"


def test_a_tournament_made_on_the_web_records_its_grant(site: Site) -> None:
    organiser = site.login("org")
    made = post(organiser, "/new", tid="cup3", name="Cup 3", ruleset="mers-2010", sessions=2)
    assert made.status_code == 303
    granted = [c for c in _store(site).changes("org") if c[2] == "granted" and c[3] == "cup3"]
    assert [c[1] for c in granted] == ["org"]


def test_a_referee_made_on_the_accounts_page_records_who_made_it(site: Site) -> None:
    made = post(site.login("org"), "/t/cup/admin/referees", name="newref")
    assert made.status_code == 200
    changes = [(c[1], c[2], c[3]) for c in _store(site).changes("newref")]
    assert changes == [("org", "created", "referee"), ("org", "granted", "cup")]
