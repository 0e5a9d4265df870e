"""The golden data files: well-formed, legal hands, known fan titles, and an ``oracle``
column that is exactly PyMahjongGB 1.4.0's live answer (so the data cannot drift)."""

import re
from collections import Counter
from pathlib import Path

import pytest

from mjref.tiles import MeldKind, Tile, format_hand, parse_hand
from tests.mcr.golden import (
    ALL_FILES,
    CHMH,
    GB_MAHJONG,
    GoldenCase,
    GoldenDataError,
    load,
)
from tests.mcr.oracle import oracle_fans

FILES = {path.name: load(path) for path in ALL_FILES}
CASES = [case for file in FILES.values() for case in file.cases]


def test_every_file_names_its_source() -> None:
    for file in FILES.values():
        assert re.fullmatch(r"[0-9a-f]{40}", file.source.commit)
        assert file.source.repository
        assert file.source.path
        assert file.source.licence
        assert file.source.reading


def test_case_counts() -> None:
    # 131 complete worked examples in the source, one of which is not a complete hand as
    # printed (see the file's header); every fan check of GB-Mahjong's unit test.
    assert len(load(CHMH).cases) == 130
    assert len(load(GB_MAHJONG).cases) == 128


def test_ids_are_unique_across_files() -> None:
    ids = [case.id for case in CASES]
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_hand_is_canonical_and_legal(case: GoldenCase) -> None:
    tiles = parse_hand(case.hand)
    assert format_hand(tiles) == case.hand
    assert tiles.winning_tile is not None
    assert len(tiles.concealed) + 3 * len(tiles.melds) == 13
    counts: Counter[Tile] = Counter(t for m in tiles.melds for t in m.tiles)
    counts.update(tiles.concealed)
    counts[tiles.winning_tile] += 1
    assert max(counts.values()) <= 4
    assert 0 <= case.flowers <= 8
    winning = tiles.winning_tile
    in_melds = sum(t == winning for m in tiles.melds for t in m.tiles)
    if case.kong_win and case.self_drawn:
        assert any(m.kind is MeldKind.KONG for m in tiles.melds)
    if case.kong_win and not case.self_drawn:
        assert counts[winning] == 1
        assert not case.wall_last
    if case.last_tile:
        assert winning not in tiles.concealed
    if in_melds == 3:
        assert case.last_tile


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_oracle_column_is_pymahjonggb(case: GoldenCase) -> None:
    assert oracle_fans(case.mcr_hand()) == case.oracle_fans()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_every_difference_is_explained(case: GoldenCase) -> None:
    if case.oracle_fans() not in case.accepted_fan_sets():
        assert len(case.note) > 40


def test_differences_with_the_oracle_are_the_known_ones() -> None:
    differing = sorted(c.id for c in CASES if c.oracle_fans() not in c.accepted_fan_sets())
    assert differing == ["chmh-02-1", "chmh-10-3", "chmh-65-3", "gbm-081", "gbm-091"]


def _write(tmp_path: Path, case_lines: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(
        '[source]\nrepository = "r"\npath = "p"\ncommit = "c"\nlicence = "l"\nreading = "x"\n'
        "[[case]]\n" + case_lines,
        encoding="utf-8",
    )
    return path


GOOD_CASE = (
    'id = "a"\nwhere = "w"\nhand = "[123m][345m]678p56sWW+7s"\nself_drawn = false\n'
    'seat_wind = "E"\nprevalent_wind = "E"\nflowers = 0\nlast_tile = false\n'
    'kong_win = false\nwall_last = false\nstated = { "Chicken Hand" = 1 }\n'
    'oracle = { "Chicken Hand" = 1 }\nnote = ""\n'
)


def test_loader_accepts_a_well_formed_case(tmp_path: Path) -> None:
    (case,) = load(_write(tmp_path, GOOD_CASE)).cases
    assert case.stated_alternative is None
    assert oracle_fans(case.mcr_hand()) == case.oracle_fans()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('"Chicken Hand" = 1 }\noracle', '"Chicken" = 1 }\noracle'), "unknown fan title"),
        (('"Chicken Hand" = 1 }\nnote', '"Chicken Hand" = 0 }\nnote'), "positive integer"),
        (("flowers = 0\n", ""), "missing"),
        (('note = ""\n', 'note = ""\nextra = 1\n'), "unknown keys"),
        (("+7s", "+7x"), "unknown character"),
        (("self_drawn = false", 'self_drawn = "no"'), "must be a bool"),
    ],
)
def test_loader_rejects_malformed_cases(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    old, new = change
    assert old in GOOD_CASE
    with pytest.raises(GoldenDataError, match=message):
        load(_write(tmp_path, GOOD_CASE.replace(old, new, 1)))
