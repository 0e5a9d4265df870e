"""Storage adapter: the EMA's player list (tables of migration 0007) in the same database
as the logs - replaced whole by each import, every import recorded with when, by whom and
how many players."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from sqlalchemy import Column, Engine, Integer, MetaData, String, Table, delete, insert, select

from mjref.ema.player_list import EmaPlayer

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
