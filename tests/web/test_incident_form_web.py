"""The referee's form for each incident (issue 25): a labelled control per fact with its
help in the page's language, the ruling shown before it is recorded (and recorded only as
shown), a mistake answered with the same form, the message beside its field and what was
typed kept; the ladder names each step's foul; appeals and voids choose among described
entries."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjref.players import PlayerId
from mjref.services import tournament as ts
from tests.web.conftest import Site, post

FALSE_HU = {"fact.tiles_shown": "yes", "fact.hand": "[123s][456p]678m11p99s+9s"}


def _rule(client: TestClient, **fields: object) -> Any:
    base = {"incident": "false-hu", "player": 2, "session": 1}
    return post(client, "/t/cup/referee/rule", **{**base, **fields})


def _field_block(page: str, fact: str) -> str:
    """The markup of one fact's block on the page."""
    start = page.index(f'id="fact-{fact}"')
    return page[
        start : page.index('<div class="fact', start + 1)
        if '<div class="fact' in page[start + 1 :]
        else None
    ]


def test_the_form_of_an_incident_in_italian(site: Site) -> None:
    referee = site.login("ref", lang="it")
    chooser = referee.get("/t/cup/referee").text
    assert "Falso hu (falso mahjong)" in chooser  # incidents by their titles
    assert 'name="fact.' not in chooser  # no form before an incident is chosen
    page = referee.get("/t/cup/referee?incident=false-hu").text
    assert "textarea" not in page
    assert "mjref rules incidents" not in page
    assert "Pedine mostrate" in page  # the label of tiles_shown
    assert "Il giocatore ha mostrato (scoperto) le pedine della mano." in page  # its help
    assert 'name="fact.tiles_shown" value="yes"' in page
    assert 'name="fact.hand"' in page
    assert 'name="fact.hand.flowers"' in page
    assert 'name="fact.riichi_hand"' not in page  # an MCR tournament: no riichi hand
    assert 'value="record"' not in page  # nothing to record before a ruling is shown
    late = referee.get("/t/cup/referee?incident=late-arrival").text
    assert "Minuti di ritardo" in late
    assert "minuti (0–1440)" in late
    unknown = referee.get("/t/cup/referee?incident=no-such-thing")
    assert unknown.status_code == 200
    assert 'name="fact.' not in unknown.text
    refused = _rule(referee, incident="no-such-thing", action="preview")
    assert refused.status_code == 400
    assert "no-such-thing" in html.unescape(refused.text)  # the mistake is said on the page


def test_the_ruling_is_shown_then_recorded_as_shown(site: Site) -> None:
    referee = site.login("ref")
    shown = _rule(referee, action="preview", **FALSE_HU)
    assert shown.status_code == 200
    assert "not recorded yet" in shown.text
    assert "mers-2010:2.10.2" in shown.text
    found = re.search(r'name="previewed" value="([0-9a-f]+)"', shown.text)
    assert found is not None
    assert 'value="record"' in shown.text
    assert 'value="[123s][456p]678m11p99s+9s"' in shown.text  # the form keeps the facts
    assert ts.foul_ladder(site.log, "cup") == ()
    # The facts changed after the preview: shown again, nothing recorded.
    before = site.log.position("cup")
    changed = _rule(
        referee,
        action="record",
        previewed=found.group(1),
        **{**FALSE_HU, "fact.could_not_find_8": "yes"},
    )
    assert changed.status_code == 200
    assert "The form changed after the ruling was shown" in changed.text
    assert site.log.position("cup") == before
    recorded = _rule(referee, action="record", previewed=found.group(1), **FALSE_HU)
    assert "Recorded at position" in recorded.text
    assert site.log.position("cup") == before + 1
    assert ts.player_history(site.log, "cup", PlayerId(2))[0].status == "pending"


def test_a_mistake_keeps_the_form_with_the_message_beside_its_field(site: Site) -> None:
    referee = site.login("ref", lang="fr")
    before = site.log.position("cup")
    wrong = _rule(referee, incident="late-arrival", action="preview", **{"fact.minutes": "douze"})
    assert wrong.status_code == 400
    block = _field_block(wrong.text, "minutes")
    assert 'value="douze"' in block  # what was typed is still there
    assert 'class="problem"' in block  # the message is beside the field
    assert "minutes = 'douze'" in html.unescape(block)
    assert "Minutes de retard" in block
    hand = _rule(
        referee,
        action="preview",
        **{**FALSE_HU, "fact.hand": "[123s][456p]678m11p99s+9x"},
    )
    assert hand.status_code == 400
    block = _field_block(hand.text, "hand")
    assert 'class="problem"' in block
    assert 'value="[123s][456p]678m11p99s+9x"' in block
    flowers = _rule(referee, action="preview", **{**FALSE_HU, "fact.hand.flowers": "12"})
    assert flowers.status_code == 400
    assert re.search(r"<details open>", flowers.text)  # the hand's details opened at the mistake
    assert site.log.position("cup") == before


def test_the_ladder_names_its_fouls_and_appeals_and_voids_choose_described_entries(
    site: Site,
) -> None:
    referee = site.login("ref", lang="it")
    recorded = _rule(
        referee, action="record", incident="passing-information", **{"fact.about": "strategy"}
    )
    assert recorded.status_code == 200
    (step,) = ts.foul_ladder(site.log, "cup")
    page = referee.get("/t/cup/referee").text
    start = page.index('<table class="ladder">')
    ladder = page[start : page.index("</table>", start)]
    name = ts.show_player(site.log, "cup", PlayerId(2)).name
    title = "Passaggio di informazioni"
    row = re.search(r"<tr><td>(\d+)</td><td>([^<]*)</td><td>([^<]*)</td><td>(\d+)</td>", ladder)
    assert row is not None
    assert row.groups() == (str(step.seq), name, title, "1")
    described = f"Posizione {step.seq}: {title}, {name}, sessione 1"
    assert page.count(described) == 2  # in the appeal's list and the void's
    assert 'name="target" type="number"' not in page  # no position to type
    assert 'name="ruling" required' in page


TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    incident=st.sampled_from(["false-hu", "late-arrival", "claimed-tile-not-taken", "x"]),
    fields=st.dictionaries(
        st.sampled_from(
            [
                *("fact.tiles_shown", "fact.hand", "fact.hand.flowers", "fact.hand.seat_wind"),
                *("fact.minutes", "fact.completed_by", "fact.could_not_find_8", "fact.nope"),
            ]
        ),
        TEXT,
        max_size=5,
    ),
    previewed=TEXT,
)
def test_any_fact_fields_are_answered_with_the_form_and_nothing_recorded_unseen(
    site: Site, incident: str, fields: dict[str, str], previewed: str
) -> None:
    """Whatever a form sends: the form again (a ruling or a marked mistake), never a server
    error; a record whose fingerprint is not the preview's records nothing."""
    referee = site.login("ref")
    before = site.log.position("cup")
    sent = _rule(
        referee,
        incident=incident,
        action="record",
        previewed=previewed or "0",
        **fields,
    )
    assert sent.status_code in (200, 400), sent.text[:300]
    assert site.log.position("cup") == before
