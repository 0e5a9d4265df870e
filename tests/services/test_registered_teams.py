"""Teams registered with their members, apart from the clubs: the fold's rules (members
registered, once, in one team at most; a name required and capped), later entries
superseding earlier ones, the players file's ``team`` column, and the team standings and
``teams_apart`` seating using the registered teams once any has a member."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjref.errors import InputError
from mjref.players import PlayerId
from mjref.services import teams
from mjref.services import tournament as ts
from mjref.services import tournament_results as tr
from mjref.tournament import events as ev
from mjref.tournament.errors import TournamentError
from tests.tournament.helpers import KW, P
from tests.tournament.memlog import MemoryLog

CLUBS = ["Red", "Red", "Red", "Blue", "Blue", "", "", "Green"]


def _cup(players: int = 8, clubs: list[str] | None = None, sessions: int = 2) -> MemoryLog:
    log = MemoryLog()
    ts.create_tournament(log, "t", name="T", ruleset="mers-2010", sessions=sessions, **KW)
    for n, club in enumerate(clubs or [""] * players, start=1):
        details = ts.player_details(f"F{n}", f"L{n}", "NL", club=club)
        ts.add_player(log, "t", details, check_in=True, **KW)
    return log


def _key(error: pytest.ExceptionInfo[TournamentError] | pytest.ExceptionInfo[InputError]) -> str:
    return error.value.message.key


def test_register_change_add_and_remove_members() -> None:
    log = _cup()
    teams.register_team(log, "t", "  Dragons ", [P(1), P(2)], **KW)
    shown = teams.list_teams(log, "t")
    assert shown.registered
    assert [(t.name, [int(p) for p, _ in t.members]) for t in shown.teams] == [("Dragons", [1, 2])]
    assert shown.teams[0].members[0][1] == "F1 L1"
    # registered again (any case): the new members replace the old ones
    teams.register_team(log, "t", "DRAGONS", [P(3)], **KW)
    teams.add_team_member(log, "t", "dragons", P(4), **KW)
    teams.remove_team_member(log, "t", "Dragons", P(3), **KW)
    (team,) = teams.list_teams(log, "t").teams
    assert team.name == "DRAGONS"
    assert [int(p) for p, _ in team.members] == [4]
    kinds = [r.event.KIND for r in ts.read_log(log, "t") if "team" in r.event.KIND]
    assert kinds == [
        "team-registered",
        "team-registered",
        "team-member-added",
        "team-member-removed",
    ]


def test_the_fold_refuses_what_breaks_the_rules() -> None:
    log = _cup()
    teams.register_team(log, "t", "Dragons", [P(1), P(2)], **KW)
    with pytest.raises(TournamentError) as other:
        teams.register_team(log, "t", "Winds", [P(3), P(2)], **KW)
    assert _key(other) == "tournament.team.in-other"
    assert other.value.message.params["team"] == "Dragons"
    with pytest.raises(TournamentError) as twice:
        teams.register_team(log, "t", "Winds", [P(3), P(3)], **KW)
    assert _key(twice) == "tournament.team.twice"
    with pytest.raises(TournamentError) as unknown:
        teams.register_team(log, "t", "Winds", [P(99)], **KW)
    assert "99" in str(unknown.value)
    with pytest.raises(TournamentError) as no_team:
        teams.add_team_member(log, "t", "Winds", P(3), **KW)
    assert _key(no_team) == "tournament.team.unknown"
    with pytest.raises(TournamentError) as added:
        teams.add_team_member(log, "t", "Dragons", P(1), **KW)
    assert _key(added) == "tournament.team.in-other"
    with pytest.raises(TournamentError) as not_member:
        teams.remove_team_member(log, "t", "Dragons", P(5), **KW)
    assert _key(not_member) == "tournament.team.not-member"
    with pytest.raises(InputError) as blank:
        teams.register_team(log, "t", "   ", [P(3)], **KW)
    assert _key(blank) == "tournament.field-missing"
    with pytest.raises(InputError) as long:
        teams.register_team(log, "t", "x" * (ev.MAX_TEXT + 1), [P(3)], **KW)
    assert _key(long) == "tournament.field-too-long"
    with pytest.raises(InputError) as control:
        teams.register_team(log, "t", "a\x1bb", [P(3)], **KW)
    assert _key(control) == "tournament.field-control"
    # a member may move once taken out of the first team
    teams.remove_team_member(log, "t", "Dragons", P(2), **KW)
    teams.register_team(log, "t", "Winds", [P(3), P(2)], **KW)
    assert len(ts.read_log(log, "t")) == 8 + 8 + 1 + 3


def test_a_team_too_large_is_refused_by_the_fold() -> None:
    log = _cup()
    too_many = tuple(P(1) for _ in range(ev.MAX_TEAM_MEMBERS + 1))
    with pytest.raises(TournamentError) as error:
        ts.record(log, "t", lambda t: iter([ev.TeamRegistered("Big", too_many)]), **KW)
    assert _key(error) == "tournament.team.too-many"


def _play_session(log: MemoryLog) -> None:
    ts.publish_seating(log, "t", seed=1, **KW)
    for table, players in enumerate(ts.seating(log, "t", 1), start=1):
        order = sorted(players)  # the lower a player's number, the higher the score
        scores = dict(zip(order, (30, 10, -10, -30), strict=True))
        tr.record_result(
            log, "t", session=1, table=table, scores=[scores[p] for p in players], **KW
        )


def test_standings_use_the_clubs_until_a_team_has_a_member_then_only_registered_teams() -> None:
    log = _cup(clubs=CLUBS)
    _play_session(log)
    points = {r.player.player: r.table_points for r in ts.current_standings(log, "t").ranked}
    assert {r.team for r in teams.current_team_standings(log, "t")} == {"Red", "Blue", "Green"}
    assert not teams.list_teams(log, "t").registered
    teams.register_team(log, "t", "Empty", [], **KW)  # a team without members: still clubs
    assert {r.team for r in teams.current_team_standings(log, "t")} == {"Red", "Blue", "Green"}
    teams.register_team(log, "t", "Mixed", [P(1), P(6), P(8)], **KW)
    teams.register_team(log, "t", "Pair", [P(4), P(7)], **KW)
    every = {r.team: r for r in teams.current_team_standings(log, "t")}
    assert set(every) == {"Mixed", "Pair"}  # the clubs no longer count
    assert every["Mixed"].total == points[P(1)] + points[P(6)] + points[P(8)]
    assert every["Pair"].total == points[P(4)] + points[P(7)]
    best = {r.team: r for r in teams.current_team_standings(log, "t", best=1)}
    assert best["Mixed"].total == max(points[P(1)], points[P(6)], points[P(8)])
    assert len(best["Mixed"].others) == 2
    assert "Mixed" in teams.team_standings_csv(log, "t")
    # every member removed: the clubs are the teams again
    for p in (1, 6, 8):
        teams.remove_team_member(log, "t", "Mixed", P(p), **KW)
    for p in (4, 7):
        teams.remove_team_member(log, "t", "pair", P(p), **KW)
    assert {r.team for r in teams.current_team_standings(log, "t")} == {"Red", "Blue", "Green"}


def _meetings(log: MemoryLog, sessions: int, members: list[set[int]]) -> int:
    found = 0
    for s in range(1, sessions + 1):
        for table in ts.seating(log, "t", s):
            for a, b in itertools.combinations(table, 2):
                found += sum(1 for m in members if {int(a), int(b)} <= m)
    return found


def test_teams_apart_keeps_registered_teams_apart_not_clubs() -> None:
    # Everyone shares one club: with clubs as the teams, 16 players of one club cannot be
    # kept apart; the registered teams (four of four, interleaved) can be.
    log = _cup(clubs=["Club"] * 16, sessions=4)
    members = [set(range(k, 17, 4)) for k in range(1, 5)]
    for k, team in enumerate(members):
        teams.register_team(log, "t", f"Team {k}", [P(p) for p in sorted(team)], **KW)
    report = ts.publish_seating(log, "t", seed=3, teams_apart=True, **KW)
    assert dict(report.method[-1].params) == {"teams": 4, "meetings": 0}
    assert _meetings(log, 4, members) == 0


def test_the_players_file_team_column_registers_and_joins_teams() -> None:
    log = _cup(players=2)
    teams.register_team(log, "t", "Winds", [P(1)], **KW)
    text = (
        "first_name,last_name,country,club,team\n"
        "Ann,A,NL,Utrecht,Dragons\n"
        "Bob,B,HU,,dragons\n"
        "Cid,C,FR,Paris,winds\n"
        "Dan,D,IT,Roma,\n"
    )
    report = ts.import_players(log, "t", text, **KW)
    assert [int(v.player) for v in report.added] == [3, 4, 5, 6]
    assert [v.club for v in report.added] == ["Utrecht", "", "Paris", "Roma"]
    shown = {t.name: [int(p) for p, _ in t.members] for t in teams.list_teams(log, "t").teams}
    assert shown == {"Dragons": [3, 4], "Winds": [1, 5]}


def test_a_bad_team_cell_is_a_row_problem_and_a_refused_team_refuses_the_whole_file() -> None:
    log = _cup(players=2)
    bad = "first_name,last_name,country,team\nAnn,A,NL," + "x" * 201 + "\nBob,B,NL,Ok\n"
    with pytest.raises(ts.PlayersFileError) as error:
        ts.import_players(log, "t", bad, **KW)
    assert [p.line for p in error.value.problems] == [2]
    assert error.value.problems[0].reason.key == "tournament.field-too-long"
    assert len(ts.list_players(log, "t")) == 2  # nothing recorded


def test_the_players_file_round_trips_the_team_column() -> None:
    from mjref.tournament.roster import check_details, format_players_csv, parse_players_csv

    rows = [check_details("Ann", "A", "NL", team="=Dragons"), check_details("Bob", "B", "HU")]
    back = parse_players_csv(format_players_csv(rows))
    assert [d.team for _, d in back.players] == ["'=Dragons", ""]


CELL = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=230)


@settings(max_examples=150, deadline=None)
@given(cells=st.lists(CELL, min_size=1, max_size=5))
def test_any_team_cells_register_teams_or_are_row_problems(cells: list[str]) -> None:
    """The players file's ``team`` column, any text: each row registered (its player in
    the team of that name, blanks around it dropped, any case one team) or the file
    refused with each bad row's line; never another error."""
    import csv
    import io

    log = _cup(players=0)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("first_name", "last_name", "country", "team"))
    for n, cell in enumerate(cells, start=1):
        writer.writerow((f"F{n}", f"L{n}", "NL", cell))
    refused: InputError | None = None
    try:
        report = ts.import_players(log, "t", out.getvalue(), **KW)
    except InputError as caught:  # a bad row (PlayersFileError), or the file as a whole
        refused = caught
    if refused is not None:
        if isinstance(refused, ts.PlayersFileError):
            assert refused.problems
            assert all(p.line >= 2 for p in refused.problems)
        else:
            assert refused.message.key.startswith("tournament.csv")
        assert ts.read_log(log, "t")[-1].event.KIND == "tournament-created"
        return
    assert len(report.added) == len(cells)
    expected: dict[str, list[int]] = {}
    for n, cell in enumerate(cells, start=1):
        if cell.strip():
            expected.setdefault(cell.strip().casefold(), []).append(n)
    shown = teams.list_teams(log, "t").teams
    got = {t.name.casefold(): [int(p) for p, _ in t.members] for t in shown}
    assert got == expected


@settings(max_examples=200, deadline=None)
@given(name=st.text(max_size=260))
def test_any_team_name_is_registered_or_refused_with_its_field(name: str) -> None:
    log = _cup(players=2)
    refused: InputError | None = None
    try:
        teams.register_team(log, "t", name, [P(1)], **KW)
    except InputError as caught:
        refused = caught
    if refused is not None:
        assert refused.where == "team"
        assert refused.message.key in {
            "tournament.field-missing",
            "tournament.field-too-long",
            "tournament.field-control",
        }
        assert not teams.list_teams(log, "t").teams
        return
    (team,) = teams.list_teams(log, "t").teams
    assert team.name == name.strip()
    assert 0 < len(team.name) <= ev.MAX_TEXT


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=120))
def test_any_members_typed_on_the_form_are_numbers_or_one_error(text: str) -> None:
    from mjref.web.teams import members_of

    refused: InputError | None = None
    found: tuple[PlayerId, ...] = ()
    try:
        found = members_of(text)
    except InputError as caught:
        refused = caught
    if refused is not None:
        assert refused.where == "members"
    else:
        assert all(1 <= p <= 1000 for p in found)


def test_the_organisers_rule_ranks_the_teams_everywhere_until_changed() -> None:
    """The rule the organiser sets (the best N, or all) is what the standings, the CSV and
    the static site's values rank by; a view may still ask for another N."""
    from mjref.services.tournament_export import site_values

    log = _cup(clubs=CLUBS)
    _play_session(log)
    points = {r.player.player: r.table_points for r in ts.current_standings(log, "t").ranked}
    assert teams.team_rule(log, "t") is None
    every = {r.team: r.total for r in teams.current_team_standings(log, "t")}
    assert every["Red"] == points[P(1)] + points[P(2)] + points[P(3)]
    teams.set_team_rule(log, "t", 2, **KW)
    assert teams.team_rule(log, "t") == 2
    best_two = sorted((points[P(n)] for n in (1, 2, 3)), reverse=True)[:2]
    ruled = {r.team: r for r in teams.current_team_standings(log, "t")}
    assert ruled["Red"].total == sum(best_two)
    assert len(ruled["Red"].others) == 1
    assert {r.team: r.total for r in site_values(log, "t").teams} == {
        name: r.total for name, r in ruled.items()
    }
    assert site_values(log, "t").team_best == 2
    csv_total = [line for line in teams.team_standings_csv(log, "t").splitlines() if "Red" in line]
    assert str(sum(best_two)) in csv_total[0]
    # a view may ask for another N; the rule set again to all members
    assert {r.team: r.total for r in teams.current_team_standings(log, "t", best=3)} == every
    teams.set_team_rule(log, "t", None, **KW)
    assert {r.team: r.total for r in teams.current_team_standings(log, "t")} == every
    with pytest.raises(TournamentError) as bad:
        teams.set_team_rule(log, "t", 0, **KW)
    assert _key(bad) == "tournament.bad-best"
    kinds = [r.event.KIND for r in ts.read_log(log, "t")]
    assert kinds.count("team-rule-set") == 2
