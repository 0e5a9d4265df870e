"""The JSON shape of a riichi hand entered hand by hand: the entry recorded and what it
did at the table (each player's change, the running totals, who deals next, counters and
sticks on the table, the wins paid, chombo points after uma)."""

from __future__ import annotations

from mjref.scoring.riichi_stats import RiichiStats
from mjref.services.riichi_hands import RiichiHandEntry
from mjref.wire.messages import JsonValue
from mjref.wire.tournament import exact, recorded_json


def riichi_hand_json(entry: RiichiHandEntry) -> dict[str, JsonValue]:
    result = entry.result
    after = result.after
    players = [int(p) for p in entry.seats]

    def by_player(values: tuple[int, ...]) -> dict[str, JsonValue]:
        return {str(p): v for p, v in zip(players, values, strict=True)}

    return {
        "recorded": recorded_json(entry.recorded),
        "changes": by_player(result.changes),
        "scores": by_player(after.scores),
        "wins": [
            {
                "player": players[w.seat],
                "han": w.value.han,
                "fu": w.value.fu,
                "yakuman": w.value.yakuman,
                "hand_points": w.hand_points,
                "counter_points": w.counter_points,
                "sticks": w.sticks,
                "liable": None if w.liable is None else players[w.liable],
            }
            for w in result.wins
        ],
        "after_uma": by_player(result.after_uma),
        "next": {
            "dealer": players[after.dealer],
            "prevalent_wind": after.prevalent_wind.value,
            "round_hand": after.round_hand,
            "honba": after.honba,
            "sticks": len(after.sticks),
        },
        "over": after.over,
    }


def riichi_stats_json(stats: RiichiStats | None) -> dict[str, JsonValue] | None:
    """A player's riichi statistics (``None``: no hands entered hand by hand)."""
    if stats is None:
        return None
    average = stats.average_win
    return {
        "hands": stats.hands,
        "wins": stats.wins,
        "self_drawn": stats.self_drawn,
        "deal_ins": stats.deal_ins,
        "riichi": stats.riichi,
        "chombo": stats.chombo,
        "win_points": stats.win_points,
        "average_win": None if average is None else exact(average),
    }
