"""Riichi use cases: judge one declared win, or a stream of them as JSON lines.

The CLI and (later) the web call these; the rules live in :mod:`mjref.riichi`.

>>> import json
>>> line = json.dumps({"concealed": ["2m", "3m", "4m", "5p", "6p", "7p", "3s", "3s", "6s", "7s"],
...     "melds": [{"type": "pung", "tiles": ["P", "P", "P"], "concealed": False, "claimed": 2}],
...     "win_tile": "8s", "seat_wind": "S"})
>>> out = json.loads(judge_riichi_json_line(line))
>>> out["valid"], out["yaku"], out["fu"], out["hand_points"]
(True, [{'name': 'Yakuhai (haku)', 'han': 1}], 30, 1000)
>>> bad = json.loads(judge_riichi_json_line('{"concealed": ["1x"]}'))
>>> for finding in bad["findings"]:
...     print(finding["message"])
concealed[0]: '1x' is not a tile code (1m-9m, 1p-9p, 1s-9s, E S W N, P F C)
win_tile is required
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from mjref.messages import Message
from mjref.riichi import DEFAULT_RULESET, RiichiHand, RiichiVerdict, judge
from mjref.services.riichi_json import (
    JsonFinding,
    ParsedLine,
    hand_from_json,
    unjudged_to_json,
    verdict_to_json,
)


def judge_riichi_hand(hand: RiichiHand, ruleset: str = DEFAULT_RULESET) -> RiichiVerdict:
    """Judge one declared win under the named ruleset (an id or an alias)."""
    return judge(hand, ruleset)


def judge_riichi_json_line(line: str, *, default_ruleset: str = DEFAULT_RULESET) -> str:
    """Judge one line of the JSON-lines interface; always one line of JSON back.

    A line that cannot be judged (blank, not JSON, a wrong field, an unknown tile) gets
    ``"valid": false`` and findings saying why; this never raises for bad input.
    """
    if not line.strip():
        result = unjudged_to_json((JsonFinding("empty-line", Message("json.empty-line")),))
        return json.dumps(result, ensure_ascii=False)
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        finding = JsonFinding(
            "bad-json", Message("json.bad-json", {"problem": error.msg, "column": error.colno})
        )
        return json.dumps(unjudged_to_json((finding,)), ensure_ascii=False)
    parsed = hand_from_json(data, default_ruleset=default_ruleset)
    if not isinstance(parsed, ParsedLine):
        return json.dumps(unjudged_to_json(parsed), ensure_ascii=False)
    verdict = judge(parsed.hand, parsed.ruleset)
    return json.dumps(verdict_to_json(verdict), ensure_ascii=False)


def judge_riichi_jsonl(
    lines: Iterable[str], *, default_ruleset: str = DEFAULT_RULESET
) -> Iterator[str]:
    """One output line (without newline) per input line, in order."""
    for line in lines:
        yield judge_riichi_json_line(line, default_ruleset=default_ruleset)


def riichi_verdict_json(verdict: RiichiVerdict) -> str:
    """A verdict as the JSON object of the JSON-lines interface (for ``--json``)."""
    return json.dumps(verdict_to_json(verdict), ensure_ascii=False)
