"""A player's running total and place across sessions as a small SVG, drawn on the
server (no script, no inline style: prints and scales on phones and projectors).

The left scale carries a few round values of the running total (1, 2 or 5 times a power
of ten apart), the right one the places (1 at the top, the last place at the bottom),
each written by ``number`` (the page's language: thousands separators, decimal comma).

>>> from fractions import Fraction
>>> from mjref.tournament.standings import Progress
>>> svg = progress_svg([Progress(1, Fraction(4), Fraction(30), 1),
...                     Progress(2, Fraction(6), Fraction(12), 3)], 8, "Total", "Place")
>>> svg.count("<circle"), 'aria-label="Total, Place"' in svg
(4, True)
>>> [str(v) for v in ticks(Fraction(-12300), Fraction(45000))]
['-20000', '0', '20000', '40000', '60000']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape

from mjref.tournament.numbers import format_exact
from mjref.tournament.standings import Progress

WIDTH, HEIGHT = 360, 180
LEFT, RIGHT, TOP, BOTTOM = 50, 26, 24, 24
"""The room around the plot: the total's values on the left, the places on the right,
the legends above and the session numbers below."""
TICKS = 4
"""About how many steps the total's scale has."""


def _x(index: int, count: int) -> float:
    if count <= 1:
        return (LEFT + WIDTH - RIGHT) / 2
    return LEFT + index * (WIDTH - LEFT - RIGHT) / (count - 1)


def ticks(low: Fraction, high: Fraction, steps: int = TICKS) -> tuple[Fraction, ...]:
    """Round values from a multiple of the step at or below ``low`` to one at or above
    ``high``, the step 1, 2 or 5 times a power of ten, about ``steps`` of them apart."""
    span = (high - low) or Fraction(1)
    raw = span / steps
    power = Fraction(10) ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step)
    last = math.ceil(high / step)
    if first == last:
        last += 1
    return tuple(step * k for k in range(first, last + 1))


def progress_svg(
    points: Sequence[Progress],
    players: int,
    total_label: str,
    place_label: str,
    field: str = "table_points",
    number: Callable[[Fraction | int], str] = format_exact,
) -> str:
    """Two lines: the running total (``field`` of each point: the family's progress
    figure, MCR's table points by default) on the left scale, the place (1 at the top)
    on the right one; ``number`` writes the scales' values and the points' titles."""
    if not points:
        return ""
    values = [Fraction(getattr(p, field)) for p in points]
    scale = ticks(min([*values, Fraction(0)]), max([*values, Fraction(0)]))
    low, high = scale[0], scale[-1]
    span = float(high - low)
    bottom = HEIGHT - BOTTOM

    def y_value(v: Fraction) -> float:
        return bottom - float(v - low) * (bottom - TOP) / span

    worst = max(players, 2)

    def y_place(place: int) -> float:
        return TOP + (place - 1) * (bottom - TOP) / (worst - 1)

    n = len(points)
    total_line = " ".join(f"{_x(i, n):.1f},{y_value(v):.1f}" for i, v in enumerate(values))
    placed = [(i, p.place) for i, p in enumerate(points) if p.place is not None]
    place_line = " ".join(f"{_x(i, n):.1f},{y_place(pl):.1f}" for i, pl in placed)
    label = escape(f"{total_label}, {place_label}")
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{label}" '
        'xmlns="http://www.w3.org/2000/svg">',
    ]
    for v in scale:
        y = y_value(v)
        kind = "axis" if v == 0 else "grid"
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" class="{kind}"/>'
        )
        parts.append(
            f'<text x="{LEFT - 4}" y="{y + 4:.1f}" class="value" text-anchor="end">'
            f"{escape(number(v))}</text>"
        )
    for place in sorted({1, worst}):
        parts.append(
            f'<text x="{WIDTH - RIGHT + 4}" y="{y_place(place) + 4:.1f}" class="rank">'
            f"{escape(number(place))}</text>"
        )
    parts.append(f'<polyline points="{total_line}" class="total"/>')
    if placed:
        parts.append(f'<polyline points="{place_line}" class="place"/>')
    for i, v in enumerate(values):
        parts.append(
            f'<circle cx="{_x(i, n):.1f}" cy="{y_value(v):.1f}" r="4" class="total">'
            f"<title>{escape(total_label)} {escape(number(v))}</title></circle>"
        )
    for i, pl in placed:
        parts.append(
            f'<circle cx="{_x(i, n):.1f}" cy="{y_place(pl):.1f}" r="4" class="place">'
            f"<title>{escape(place_label)} {escape(number(pl))}</title></circle>"
        )
    for i, p in enumerate(points):
        parts.append(
            f'<text x="{_x(i, n):.1f}" y="{HEIGHT - 6}" class="tick" text-anchor="middle">'
            f"{p.session}</text>"
        )
    parts.append(f'<text x="4" y="14" class="legend total">{escape(total_label)}</text>')
    parts.append(
        f'<text x="{WIDTH - 4}" y="14" class="legend place" text-anchor="end">'
        f"{escape(place_label)}</text>"
    )
    parts.append("</svg>")
    return "".join(parts)
