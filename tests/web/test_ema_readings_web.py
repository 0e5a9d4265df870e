"""The EMA readings on the EMA page, on both databases: each kind's choices with what they
do in the visitor's language, changed by an official (a referee too) with who and when,
the weight then under the new countries' bands, an unknown reading refused in place, a
visitor refused; and through the API's command."""

from __future__ import annotations

from mjref.services import ema
from tests.web.conftest import NOW, Site, post


def test_the_form_in_two_languages_and_a_change_by_a_referee(site: Site) -> None:
    org = site.login("org")
    page = org.get("/t/cup/admin/ema")
    assert 'id="readings-form"' in page.text
    assert "A base rank that is not a whole number" in page.text
    assert "base ranks cut to the whole number below" in page.text
    assert "The defaults: never changed." in page.text
    hu = site.login("org", lang="hu").get("/t/cup/admin/ema")
    assert "a pontosan 12 hónapos eredmény teljesen" in hu.text
    assert "A result exactly 12 or 24 months old" not in hu.text
    referee = site.login("ref")
    sent = post(
        referee,
        "/t/cup/admin/ema/readings",
        countries="countries-2018",
        base_rank="base-rank-half-even",
        age="age-exclusive",
        age_date="age-from-start",
        tie="tie-more-recent",
        world_championships="false",
    )
    assert sent.status_code == 303
    found = ema.ema_readings(site.log, "cup")
    assert found.actor == "ref"
    assert ema.reading_names(found) == {
        "countries": "countries-2018",
        "base_rank": "base-rank-half-even",
        "age": "age-exclusive",
        "age_date": "age-from-start",
        "tie": "tie-more-recent",
        "world_championships": "wc-excluded",
    }
    page = org.get("/t/cup/admin/ema")
    assert "Last changed by ref" in page.text
    assert 'value="base-rank-half-even" selected' in page.text
    assert 'value="false" selected' in page.text
    assert "reading countries-2018" in page.text  # the weight's line


def test_an_unknown_reading_is_refused_and_a_visitor_cannot(site: Site) -> None:
    org = site.login("org")
    refused = post(org, "/t/cup/admin/ema/readings", tie="tie-<b>coin</b>")
    assert refused.status_code == 400
    assert "unknown reading" in refused.text
    assert "<b>coin" not in refused.text
    assert ema.ema_readings(site.log, "cup").set_at is None
    visitor = site.client()
    visitor.get("/")
    answer = post(visitor, "/t/cup/admin/ema/readings", tie="tie-more-recent")
    assert answer.status_code in (303, 401, 403)
    assert ema.ema_readings(site.log, "cup").set_at is None


def test_the_api_command(site: Site) -> None:
    from mjref.services import accounts
    from mjref.store.accounts import SqlAccounts

    token = accounts.new_token(SqlAccounts(site.log.engine), "ref", now=NOW)
    client = site.client()
    answer = client.post(
        "/api/tournaments/cup/commands/ema-readings",
        json={"age_date": "age-from-start"},
        headers={"authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 201, answer.text
    assert answer.json()["recorded"][0]["event"]["age_date"] == "age-from-start"
    names = ema.reading_names(ema.ema_readings(site.log, "cup"))
    assert names["age_date"] == "age-from-start"
    assert names["base_rank"] == "base-rank-truncate"
