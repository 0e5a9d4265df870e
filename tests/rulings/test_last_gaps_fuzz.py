"""Hypothesis over the facts issue 26 added or gave a meaning (a substitute's reason and
session, a withdrawal, a changed call without a win, part of a hand shown, tiles exposed
from several places, exposed tiles not discarded first) under every rulebook and the
readings that change them: each is ruled, or refused as a wrong or missing fact, or
reported not covered - never another error - and every ruling cites what it applies."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.errors import InputError
from mjref.rulings import decide, incident_from_facts

RULESETS = [
    "mers-2008",
    "mers-2010",
    "ema-2009",
    "ema-2009+ladder-carry=whole-count",
    "rcr-2016",
    "rcr-2012",
    "rcr-2012+five-tiles-per-place",
    "rcr-2016+partial-reveal-chombo",
    "rcr-2016+ippatsu-only",
]
FLAG = st.none() | st.booleans()
PLACES = ["wall", "dead-wall", "own-hand", "opponent-hand"]

CASES = st.one_of(
    st.fixed_dictionaries(
        {"reason": st.sampled_from(["late", "illness", "disqualified", "withdrawn"])},
        optional={"during_session": st.booleans()},
    ).map(lambda f: ("substitution", f)),
    st.fixed_dictionaries(
        {
            "first": st.sampled_from(["pung", "chow", "hu"]),
            "second": st.sampled_from(["hu", "pung"]),
        },
        optional={
            "quick": st.booleans(),
            "winning_hand": st.booleans(),
            "revealed": st.sampled_from(["none", "pung-tiles", "all"]),
            "dealer": st.booleans(),
        },
    ).map(lambda f: ("changed-call", f)),
    st.fixed_dictionaries(
        {"tiles_shown": st.booleans()},
        optional={
            "partly_shown": st.booleans(),
            "reason": st.sampled_from(["no-yaku", "other"]),
            "dealer": st.booleans(),
        },
    ).map(lambda f: ("false-hu", f)),
    st.fixed_dictionaries(
        {"source": st.sampled_from(PLACES)},
        optional={
            "count": st.integers(0, 20),
            "other_count": st.integers(-1, 20),
            "other_sources": st.lists(st.sampled_from(PLACES), max_size=3, unique=True),
            "phase": st.sampled_from(["deal", "play", "after-hand"]),
            "play_can_continue": st.booleans(),
            "dealer": st.booleans(),
        },
    ).map(lambda f: ("tiles-exposed", f)),
    st.fixed_dictionaries(
        {
            "why": st.sampled_from(
                ["shown-before-call", "false-set", "false-flower", "revealed-during-hu", "false-hu"]
            )
        }
    ).map(lambda f: ("exposed-not-discarded-first", f)),
    st.sampled_from(["talking", "opponent-tiles-exposed", "rules-abused"]).map(lambda n: (n, {})),
)


@settings(max_examples=300, deadline=None)
@given(case=CASES, ruleset=st.sampled_from(RULESETS))
def test_every_new_fact_is_ruled_or_refused_cleanly(
    case: tuple[str, dict[str, Any]], ruleset: str
) -> None:
    name, facts = case
    refused: InputError | None = None
    try:
        ruling = decide(incident_from_facts(name, dict(facts)), ruleset)
    except InputError as error:  # a wrong or missing fact, or not covered: with a key
        refused = error
    if refused is not None:
        assert refused.message.key.startswith(("rulings.", "rules."))
        return
    assert ruling.consequences
    cited = {c.clause_id for c in ruling.citations}
    assert all(c.clause in cited for c in ruling.consequences)
