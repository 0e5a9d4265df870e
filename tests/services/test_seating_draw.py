"""The verifiable draw: a commitment before, the seed revealed with the seating, checked
against the commitment, and the plan recomputed from the seed and the player list."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.errors import InputError
from mjref.seating import Fill
from mjref.seating.draw import MAX_SEED, MIN_SEED, commitment_of, plan_seed
from mjref.services import seating_draw as draw
from mjref.services import tournament as ts
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from tests.tournament.helpers import KW, P, make
from tests.tournament.memlog import MemoryLog

SEED = "the draw of the Test Cup, kept secret until the draw"


@pytest.fixture
def log() -> MemoryLog:
    return MemoryLog()


def _key(caught: pytest.ExceptionInfo[InputError]) -> str:
    return caught.value.message.key


def test_commit_then_draw_reveals_the_seed_and_the_plan_verifies(log: MemoryLog) -> None:
    make(log, players=18, sessions=4)
    committed = draw.commit_draw(log, "t", commitment_of(SEED), actor="organiser", now=KW["now"])
    assert committed.event == ev.DrawCommitted(commitment_of(SEED))
    before = draw.draw_record(log, "t")
    position = ts.load(log, "t").position
    assert (before.seed, before.committed_by, before.committed_seq) == (None, "organiser", position)
    with pytest.raises(TournamentError) as not_yet:
        draw.verify(before)
    assert _key(not_yet) == "seating.draw.not-drawn"

    report = ts.publish_seating(log, "t", draw=SEED, **KW)
    record = draw.draw_record(log, "t")
    assert record.seed == SEED
    assert record.players[:18] == tuple(P(n) for n in range(1, 19))
    assert len(record.players) == 20  # two substitutes fill the last table
    assert record.seating == report.sessions
    assert record.revealed_seq is not None
    # The seed is revealed in the entry right before the seating it drew.
    entries = list(ts.load(log, "t").log)
    assert isinstance(entries[record.revealed_seq - 1].event, ev.DrawRevealed)
    assert isinstance(entries[record.revealed_seq].event, ev.SeatingPublished)
    checked = draw.verify(record)
    assert checked.verified
    assert checked.message().key == "seating.draw.verified"


def test_the_plan_is_the_one_the_seed_gives(log: MemoryLog) -> None:
    make(log, players=16, sessions=4)
    draw.commit_draw(log, "t", commitment_of(SEED), **KW)
    report = ts.publish_seating(log, "t", draw=SEED, **KW)
    players = tuple(P(n) for n in range(1, 17))
    assert report.sessions == draw.recompute(SEED, players, 4, Fill.SUBSTITUTES)
    other = draw.recompute(SEED + "!", players, 4, Fill.SUBSTITUTES)
    assert other != report.sessions


def test_a_wrong_seed_is_refused_and_nothing_is_recorded(log: MemoryLog) -> None:
    make(log, players=16, sessions=4)
    draw.commit_draw(log, "t", commitment_of(SEED), **KW)
    position = ts.load(log, "t").position
    with pytest.raises(TournamentError) as caught:
        ts.publish_seating(log, "t", draw=SEED + " (another)", **KW)
    assert _key(caught) == "seating.draw.wrong-seed"
    assert caught.value.message.params == {"seq": position}
    assert ts.load(log, "t").position == position
    assert not ts.load(log, "t").seating


def test_once_committed_the_seating_is_only_the_drawn_one(log: MemoryLog) -> None:
    make(log, players=16, sessions=4)
    draw.commit_draw(log, "t", commitment_of(SEED), **KW)
    with pytest.raises(TournamentError) as caught:
        ts.publish_seating(log, "t", seed=5, **KW)
    assert _key(caught) == "seating.draw.not-revealed"
    with pytest.raises(TournamentError) as elsewhere:
        ts.publish_plan(log, "t", (((P(1), P(2), P(3), P(4)),),), first_session=1, **KW)
    assert _key(elsewhere) == "seating.draw.not-revealed"
    ts.publish_seating(log, "t", draw=SEED, **KW)
    with pytest.raises(TournamentError) as again:
        ts.publish_seating(log, "t", draw=SEED, **KW)
    assert _key(again) == "seating.draw.revealed-already"
    # Re-seating after a drop-out goes on, and the draw's record names it.
    ts.withdraw_player(log, "t", P(5), from_session=1, **KW)
    ts.republish_seating(log, "t", **KW)
    record = draw.draw_record(log, "t")
    assert record.reseated == (ts.load(log, "t").position,)
    checked = draw.verify(record)
    assert checked.verified
    assert [note.key for note in checked.notes] == ["seating.draw.reseated"]


def test_a_commitment_is_once_and_before_any_seating(log: MemoryLog) -> None:
    make(log, players=16, sessions=4)
    draw.commit_draw(log, "t", commitment_of(SEED), **KW)
    with pytest.raises(TournamentError) as twice:
        draw.commit_draw(log, "t", commitment_of("another seed of the organiser"), **KW)
    assert _key(twice) == "seating.draw.committed-already"
    make(log, "u", players=8, sessions=2)
    ts.publish_seating(log, "u", **KW)
    with pytest.raises(TournamentError) as late:
        draw.commit_draw(log, "u", commitment_of(SEED), **KW)
    assert _key(late) == "seating.draw.after-seating"


def test_a_draw_without_commitment_is_refused(log: MemoryLog) -> None:
    make(log, players=16, sessions=4)
    with pytest.raises(TournamentError) as caught:
        ts.publish_seating(log, "t", draw=SEED, **KW)
    assert _key(caught) == "seating.draw.not-committed"
    with pytest.raises(TournamentError) as none:
        draw.draw_record(log, "t")
    assert _key(none) == "seating.draw.no-draw"


def test_seed_and_draw_together_are_refused(log: MemoryLog) -> None:
    make(log, players=16, sessions=4)
    draw.commit_draw(log, "t", commitment_of(SEED), **KW)
    with pytest.raises(InputError) as caught:
        ts.publish_seating(log, "t", seed=3, draw=SEED, **KW)
    assert _key(caught) == "seating.draw.seed-and-draw"


@pytest.mark.parametrize(
    ("commitment", "key"),
    [
        ("abc", "seating.draw.bad-commitment"),
        ("g" * 64, "seating.draw.bad-commitment"),
        ("a" * 65, "seating.draw.bad-commitment"),
    ],
)
def test_a_malformed_commitment_is_refused(log: MemoryLog, commitment: str, key: str) -> None:
    make(log, players=8, sessions=2)
    with pytest.raises(TournamentError) as caught:
        draw.commit_draw(log, "t", commitment, **KW)
    assert _key(caught) == key


@pytest.mark.parametrize(
    ("seed", "key"),
    [
        ("short", "seating.draw.seed-length"),
        ("x" * (MAX_SEED + 1), "seating.draw.seed-length"),
        (" spaces around the seed ", "seating.draw.seed-text"),
        ("a seed with a\nnew line in it", "seating.draw.seed-text"),
    ],
)
def test_a_malformed_seed_is_refused(log: MemoryLog, seed: str, key: str) -> None:
    make(log, players=16, sessions=4)
    draw.commit_draw(log, "t", commitment_of(seed), **KW)
    with pytest.raises(TournamentError) as caught:
        ts.publish_seating(log, "t", draw=seed, **KW)
    assert _key(caught) == key


def test_verify_finds_a_changed_seating_a_changed_seed_and_another_version(
    log: MemoryLog,
) -> None:
    make(log, players=16, sessions=4)
    draw.commit_draw(log, "t", commitment_of(SEED), **KW)
    ts.publish_seating(log, "t", draw=SEED, **KW)
    record = draw.draw_record(log, "t")
    first, *rest = record.seating[1]
    swapped = (first[1], first[0], *first[2:])
    tampered = dataclasses.replace(
        record, seating=(record.seating[0], (swapped, *rest), *record.seating[2:])
    )
    found = draw.verify(tampered)
    assert (found.seed_matches, found.plan_matches, found.difference) == (True, False, (2, 1))
    assert found.message().params == {"session": 2, "table": 1}
    other_seed = draw.verify(dataclasses.replace(record, seed=SEED + "?"))
    assert (other_seed.verified, other_seed.message().key) == (False, "seating.draw.seed-mismatch")
    reordered = dataclasses.replace(
        record, players=(record.players[1], record.players[0], *record.players[2:])
    )
    assert not draw.verify(reordered).plan_matches
    old = draw.verify(dataclasses.replace(record, version="0.0.1"))
    assert old.verified
    assert [note.key for note in old.notes] == ["seating.draw.version"]


def test_a_new_seed_is_random_and_matches_its_commitment() -> None:
    seed, commitment = draw.new_seed()
    again, _ = draw.new_seed()
    assert seed != again
    assert len(seed) == 2 * draw.SEED_BYTES
    assert commitment == commitment_of(seed)


@settings(max_examples=50, deadline=None)
@given(st.text(min_size=MIN_SEED, max_size=MAX_SEED))
def test_any_seed_hashes_to_one_commitment_and_one_plan_seed(seed: str) -> None:
    assert len(commitment_of(seed)) == 64
    assert commitment_of(seed) != commitment_of(seed + "x")
    assert 0 <= plan_seed(seed) < 2**64


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80))
def test_any_commitment_text_is_recorded_or_refused_with_a_message(text: str) -> None:
    log = MemoryLog()
    make(log, players=8, sessions=2)
    if re.fullmatch(r"[0-9a-f]{64}", text.strip().lower()) is None:
        with pytest.raises(TournamentError) as refused:
            draw.commit_draw(log, "t", text, **KW)
        assert refused.value.message.key == "seating.draw.bad-commitment"
        return
    recorded = draw.commit_draw(log, "t", text, **KW)
    assert recorded.event == ev.DrawCommitted(text.strip().lower())


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=MAX_SEED + 10))
def test_any_draw_seed_is_checked_against_the_commitment(seed: str) -> None:
    log = MemoryLog()
    make(log, players=8, sessions=2)
    draw.commit_draw(log, "t", commitment_of(SEED), **KW)
    with pytest.raises(TournamentError) as refused:
        ts.publish_seating(log, "t", draw=seed if seed != SEED else seed + "x", **KW)
    assert refused.value.message.key in {
        "seating.draw.wrong-seed",
        "seating.draw.seed-length",
        "seating.draw.seed-text",
    }
