"""``mjref demo``: the main job for now - the MCR judge on sample hands."""

from __future__ import annotations

from dataclasses import dataclass

from mjref.cli.mcr import render_verdict
from mjref.services.mcr_judge import judge_notation


@dataclass(frozen=True, slots=True)
class Sample:
    title: str
    hand: str
    self_drawn: bool = False
    prevalent_wind: str = "E"
    flowers: int = 0
    convention: str = "green-book"


SAMPLES = (
    Sample(
        "A valid win: Pure Straight with a concealed kong, two flowers",
        "[123s](7777p)EE45678s+9s",
        flowers=2,
        prevalent_wind="S",
    ),
    Sample(
        "Four sets and a pair, but under 8 points: dead hand, 10 to each opponent",
        "[123s][456p]678m11p99s+9s",
    ),
    Sample("Not a winning shape: dead hand, 20 to each opponent", "123m456p789s11pEE+S"),
    Sample(
        "A self-drawn Seven Pairs, Green Book reading of disputed point D6",
        "2244m5588p3377sW+W",
        self_drawn=True,
    ),
    Sample(
        "The same hand under the Chinese/MIL conventions",
        "2244m5588p3377sW+W",
        self_drawn=True,
        convention="mil",
    ),
)


def demo() -> None:
    """Judge a few sample hands and print the verdicts."""
    for number, sample in enumerate(SAMPLES, start=1):
        verdict = judge_notation(
            sample.hand,
            convention=sample.convention,
            self_drawn=sample.self_drawn,
            prevalent_wind=sample.prevalent_wind,
            flowers=sample.flowers,
        )
        print(f"=== {number}. {sample.title}")
        print(render_verdict(verdict, sample.hand))
        print()
