"""Storage adapter: the EMA's player list (tables of migration 0007) and the EMA ranking
data (migration 0008) in the same database as the logs - each replaced whole by an import,
every import recorded with when, by whom and how many rows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    delete,
    insert,
    select,
)

from mjref.ema.player_list import EmaPlayer
from mjref.ema.ranking import Result
from mjref.ema.ranking_data import RankingRow

_meta = MetaData()
players = Table(
    "ema_players",
    _meta,
    Column("number", String(8), primary_key=True),
    Column("name", String(120), nullable=False),
    Column("country", String(2), nullable=False),
)
imports = Table(
    "ema_list_imports",
    _meta,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", String(40), nullable=False),
    Column("actor", String(100), nullable=False),
    Column("players", Integer, nullable=False),
    Column("source", String(200), nullable=False),
)

results = Table(
    "ema_results",
    _meta,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("ema_number", String(8), nullable=False),
    Column("family", String(10), nullable=False),
    Column("tournament", String(120), nullable=False),
    Column("start", String(10), nullable=False),
    Column("end", String(10), nullable=False),
    Column("place", Integer, nullable=False),
    Column("players", Integer, nullable=False),
    Column("weight", String(12), nullable=False),
    Column("world", Boolean, nullable=False),
)

BATCH = 1000
"""Rows inserted per statement."""


class SqlEmaList:
    """The EMA player list of one database (see :class:`mjref.services.ema.EmaListStore`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def replace(self, entries: Iterable[EmaPlayer], *, at: str, actor: str, source: str) -> int:
        """Put ``entries`` in place of the list, in one transaction; how many."""
        rows = [{"number": e.number, "name": e.name, "country": e.country} for e in entries]
        with self.engine.begin() as connection:
            connection.execute(delete(players))
            for start in range(0, len(rows), BATCH):
                connection.execute(insert(players), rows[start : start + BATCH])
            connection.execute(
                insert(imports).values(
                    at=at, actor=actor[:100], players=len(rows), source=source[:200]
                )
            )
        return len(rows)

    def lookup(self, numbers: Iterable[str]) -> Mapping[str, EmaPlayer]:
        """The entries of ``numbers`` that are on the list."""
        wanted = sorted(set(numbers))
        found: dict[str, EmaPlayer] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(wanted), BATCH):
                part = wanted[start : start + BATCH]
                for row in connection.execute(
                    select(players.c.number, players.c.name, players.c.country).where(
                        players.c.number.in_(part)
                    )
                ):
                    found[row.number] = EmaPlayer(row.number, row.name, row.country)
        return found

    def last_import(self) -> tuple[str, str, int, str] | None:
        """(when, by whom, how many, source) of the last import, or ``None``."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(imports.c.at, imports.c.actor, imports.c.players, imports.c.source)
                .order_by(imports.c.id.desc())
                .limit(1)
            ).first()
        return None if row is None else (row.at, row.actor, row.players, row.source)

    def replace_results(
        self, rows: Iterable[RankingRow], *, at: str, actor: str, source: str
    ) -> int:
        """Put ``rows`` in place of the ranking data, in one transaction; how many."""
        values = [
            {
                "ema_number": r.ema_number,
                "family": r.family,
                "tournament": r.result.label,
                "start": r.result.start,
                "end": r.result.end,
                "place": r.result.place,
                "players": r.result.players,
                "weight": str(r.result.weight),
                "world": r.result.world,
            }
            for r in rows
        ]
        with self.engine.begin() as connection:
            connection.execute(delete(results))
            for start in range(0, len(values), BATCH):
                connection.execute(insert(results), values[start : start + BATCH])
            connection.execute(
                insert(imports).values(
                    at=at, actor=actor[:100], players=len(values), source=f"ranking:{source}"[:200]
                )
            )
        return len(values)

    def results_of(self, ema_number: str, family: str) -> tuple[Result, ...]:
        """The counted results of one player in one family, oldest first."""
        query = (
            select(results)
            .where(results.c.ema_number == ema_number, results.c.family == family)
            .order_by(results.c.end, results.c.id)
        )
        with self.engine.connect() as connection:
            return tuple(
                Result(
                    row.start,
                    row.end,
                    row.place,
                    row.players,
                    Fraction(row.weight),
                    bool(row.world),
                    row.tournament,
                )
                for row in connection.execute(query)
            )
