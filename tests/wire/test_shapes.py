"""The JSON models of mjref.wire describe what the pipeline writes: every kind of output
line validates against its model (no missing key, no unknown key), the ``id`` first."""

from __future__ import annotations

import json

import pytest

from mjref.mcr.generate import corpus, nonwinning_corpus
from mjref.wire.jsonl import judge_line, mcr_family, riichi_family
from mjref.wire.mcr import mcr_hand_json
from mjref.wire.shapes import McrVerdictOut, RiichiVerdictOut

ODD_LINES = [
    b"",
    b"not json",
    b"\xff",
    b"[" * 40 + b"]" * 40,
    b"[1, 2]",
    b'{"id": 3, "concealed": ["1x"], "win_tile": "1m", "flowers": 9}',
    b'{"id": 4, "concealed": ["1m", "1m", "1m", "1m", "1m"], "win_tile": "1m"}',
    b'{"id": 5, "concealed": [], "win_tile": "1m", "lang": "xx"}',
]
RIICHI_LINES = [
    b'{"concealed": ["2m","3m","4m","5p","6p","7p","3s","3s","6s","7s"], "win_tile": "8s",'
    b' "melds": [{"type": "pung", "tiles": ["P","P","P"], "claimed": 2}], "seat_wind": "S"}',
    b'{"concealed": ["2m","3m","4m","5p","6p","7p","3s","3s","6s","7s"], "win_tile": "8s",'
    b' "ippatsu": true}',
    b'{"concealed": ["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","1p","2p","2p"],'
    b' "win_tile": "5s", "riichi": true, "ruleset": "rcr-2012"}',
]


@pytest.mark.parametrize("language", ["en", "nl"])
def test_every_mcr_output_line_fits_the_model(language: str) -> None:
    family = mcr_family("green-book")
    hands = [*corpus(11, 60), *nonwinning_corpus(12, 20)]
    lines = [json.dumps({"id": n, **mcr_hand_json(h)}).encode() for n, h in enumerate(hands)]
    for raw in [*lines, *ODD_LINES]:
        shaped = json.loads(judge_line(family, raw, language=language))
        McrVerdictOut.model_validate(shaped)
        if b'"id"' in raw and shaped.get("judged") is not None:
            assert next(iter(shaped)) == "id"


def test_every_riichi_output_line_fits_the_model() -> None:
    family = riichi_family("rcr-2016")
    for raw in [*RIICHI_LINES, *ODD_LINES]:
        RiichiVerdictOut.model_validate(json.loads(judge_line(family, raw, language="fr")))
