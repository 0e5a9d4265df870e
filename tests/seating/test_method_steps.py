"""How a schedule was made: the method's steps are messages, their English as before."""

from mjref.players import PlayerId
from mjref.seating.byes import generate_with_byes
from mjref.seating.constraints import ApartGroup
from mjref.seating.generate import Generated, generate


def english(generated: Generated) -> str:
    return "; ".join(step.english() for step in generated.method)


def test_an_affine_design_is_one_step() -> None:
    generated = generate(16, 5, seed=1)
    assert [step.key for step in generated.method] == ["seating.method.affine"]
    assert english(generated) == "affine geometry AG(2, 4)"


def test_a_small_field_is_one_session_extended_by_local_search() -> None:
    assert english(generate(12, 3, seed=0)) == (
        "one session (fewer than 16 players); further sessions spread by local search"
    )


def test_byes_name_their_count_in_the_singular_and_the_plural() -> None:
    one = generate_with_byes(9, 2, seed=0).method[-1]
    assert one.english() == "1 bye each session from 3 ghost players"
    three = generate_with_byes(11, 2, seed=0).method[-1]
    assert three.english() == "3 byes each session from 1 ghost player"


def test_groups_kept_apart_are_the_last_step() -> None:
    club = ApartGroup("club", (PlayerId(1), PlayerId(2), PlayerId(3)))
    last = generate(16, 2, seed=0, groups=(club,)).method[-1]
    assert last.english() == "groups kept apart by renumbering and local search"


def test_a_cyclic_design_names_its_structure() -> None:
    first = generate(24, 7, seed=3).method[0]
    assert first.key == "seating.method.cyclic"
    assert first.english() == (
        "cyclic: {orbits} orbits of {modulus} and {fixed} fixed players".format(**first.params)
    )
