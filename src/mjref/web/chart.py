"""A player's running total and place across sessions as a small SVG, drawn on the
server (no script, prints and scales on phones and projectors).

>>> from fractions import Fraction
>>> from mjref.tournament.standings import Progress
>>> svg = progress_svg([Progress(1, Fraction(4), Fraction(30), 1),
...                     Progress(2, Fraction(6), Fraction(12), 3)], 8, "Total", "Place")
>>> svg.count("<circle"), 'aria-label="Total, Place"' in svg
(4, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from mjref.tournament.standings import Progress

WIDTH, HEIGHT, PAD = 360, 180, 28


def _x(index: int, count: int) -> float:
    if count <= 1:
        return WIDTH / 2
    return PAD + index * (WIDTH - 2 * PAD) / (count - 1)


def progress_svg(
    points: Sequence[Progress],
    players: int,
    total_label: str,
    place_label: str,
    field: str = "table_points",
) -> str:
    """Two lines: the running total (``field`` of each point: the family's progress
    figure, MCR's table points by default) on the left scale, the place (1 at the top)
    on the right one."""
    if not points:
        return ""
    values = [float(getattr(p, field)) for p in points]
    low, high = min([*values, 0.0]), max([*values, 0.0])
    span = (high - low) or 1.0

    def y_value(v: float) -> float:
        return HEIGHT - PAD - (v - low) * (HEIGHT - 2 * PAD) / span

    def y_place(place: int) -> float:
        worst = max(players, 2)
        return PAD + (place - 1) * (HEIGHT - 2 * PAD) / (worst - 1)

    n = len(points)
    total_line = " ".join(f"{_x(i, n):.1f},{y_value(v):.1f}" for i, v in enumerate(values))
    placed = [(i, p.place) for i, p in enumerate(points) if p.place is not None]
    place_line = " ".join(f"{_x(i, n):.1f},{y_place(pl):.1f}" for i, pl in placed)
    label = escape(f"{total_label}, {place_label}")
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{label}" '
        'xmlns="http://www.w3.org/2000/svg">',
        f'<line x1="{PAD}" y1="{y_value(0.0):.1f}" x2="{WIDTH - PAD}" y2="{y_value(0.0):.1f}" '
        'class="axis"/>',
        f'<polyline points="{total_line}" class="total"/>',
    ]
    if placed:
        parts.append(f'<polyline points="{place_line}" class="place"/>')
    for i, v in enumerate(values):
        parts.append(
            f'<circle cx="{_x(i, n):.1f}" cy="{y_value(v):.1f}" r="4" class="total">'
            f"<title>{escape(total_label)} {_fmt(Fraction(v).limit_denominator(100))}"
            "</title></circle>"
        )
    for i, pl in placed:
        parts.append(
            f'<circle cx="{_x(i, n):.1f}" cy="{y_place(pl):.1f}" r="4" class="place">'
            f"<title>{escape(place_label)} {pl}</title></circle>"
        )
    for i, p in enumerate(points):
        parts.append(f'<text x="{_x(i, n):.1f}" y="{HEIGHT - 6}" class="tick">{p.session}</text>')
    parts.append(f'<text x="4" y="14" class="legend total">{escape(total_label)}</text>')
    parts.append(
        f'<text x="{WIDTH - 4}" y="14" class="legend place" text-anchor="end">'
        f"{escape(place_label)}</text>"
    )
    parts.append("</svg>")
    return "".join(parts)


def _fmt(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"
