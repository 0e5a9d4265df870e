"""Storage adapter: the web app's accounts, grants, failed logins, API tokens and the
installation's secret (tables of migration 0003), in the same database as the logs."""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    delete,
    func,
    insert,
    select,
)
from sqlalchemy.exc import IntegrityError

_meta = MetaData()
users = Table(
    "web_users",
    _meta,
    Column("name", String(60), primary_key=True),
    Column("password_hash", String(200), nullable=False),
    Column("role", String(20), nullable=False),
    Column("created_at", String(40), nullable=False),
)
grants = Table(
    "web_grants",
    _meta,
    Column("user_name", String(60), primary_key=True),
    Column("tournament_id", String(40), primary_key=True),
)
failures = Table(
    "web_login_failures",
    _meta,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_name", String(60), nullable=False),
    Column("at", Float, nullable=False),
)
tokens = Table(
    "web_tokens",
    _meta,
    Column("token_hash", String(64), primary_key=True),
    Column("user_name", String(60), nullable=False),
    Column("created_at", String(40), nullable=False),
)
settings = Table(
    "web_settings",
    _meta,
    Column("key", String(40), primary_key=True),
    Column("value", Text, nullable=False),
)


class SqlAccounts:
    """The accounts of one database (see :class:`mjref.services.accounts.AccountStore`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def user(self, name: str) -> tuple[str, str] | None:
        """(password hash, role) of ``name``, if there is such an account."""
        with self.engine.connect() as c:
            row = c.execute(
                select(users.c.password_hash, users.c.role).where(users.c.name == name)
            ).first()
        return None if row is None else (row[0], row[1])

    def add_user(self, name: str, password_hash: str, role: str, at: str) -> bool:
        """Create the account; ``False`` when the name is taken."""
        try:
            with self.engine.begin() as c:
                c.execute(
                    insert(users).values(
                        name=name, password_hash=password_hash, role=role, created_at=at
                    )
                )
        except IntegrityError:
            return False
        return True

    def user_names(self) -> list[tuple[str, str]]:
        with self.engine.connect() as c:
            return [
                (r[0], r[1])
                for r in c.execute(select(users.c.name, users.c.role).order_by(users.c.name))
            ]

    def grant(self, name: str, tournament: str) -> None:
        try:
            with self.engine.begin() as c:
                c.execute(insert(grants).values(user_name=name, tournament_id=tournament))
        except IntegrityError:
            pass  # granted already

    def granted(self, name: str) -> frozenset[str]:
        with self.engine.connect() as c:
            rows = c.execute(select(grants.c.tournament_id).where(grants.c.user_name == name))
            return frozenset(r[0] for r in rows)

    def grantees(self, tournament: str) -> list[tuple[str, str]]:
        """(name, role) of the accounts that may act on ``tournament``."""
        query = (
            select(users.c.name, users.c.role)
            .join(grants, grants.c.user_name == users.c.name)
            .where(grants.c.tournament_id == tournament)
            .order_by(users.c.name)
        )
        with self.engine.connect() as c:
            return [(r[0], r[1]) for r in c.execute(query)]

    def failures_since(self, name: str, since: float) -> int:
        query = select(func.count()).where(failures.c.user_name == name, failures.c.at >= since)
        with self.engine.connect() as c:
            return int(c.execute(query).scalar() or 0)

    def add_failure(self, name: str, at: float) -> None:
        with self.engine.begin() as c:
            c.execute(insert(failures).values(user_name=name, at=at))

    def clear_failures(self, name: str, before: float) -> None:
        with self.engine.begin() as c:
            c.execute(delete(failures).where(failures.c.user_name == name, failures.c.at < before))

    def add_token(self, token_hash: str, name: str, at: str) -> None:
        with self.engine.begin() as c:
            c.execute(insert(tokens).values(token_hash=token_hash, user_name=name, created_at=at))

    def token_user(self, token_hash: str) -> str | None:
        query = select(tokens.c.user_name).where(tokens.c.token_hash == token_hash)
        with self.engine.connect() as c:
            row = c.execute(query).first()
        return None if row is None else str(row[0])

    def setting(self, key: str, default: str) -> str:
        """The stored value of ``key``; ``default`` is stored first when there is none
        (the first of two concurrent writers wins, both get the stored value)."""
        with self.engine.connect() as c:
            row = c.execute(select(settings.c.value).where(settings.c.key == key)).first()
        if row is not None:
            return str(row[0])
        try:
            with self.engine.begin() as c:
                c.execute(insert(settings).values(key=key, value=default))
        except IntegrityError:
            pass
        with self.engine.connect() as c:
            return str(
                c.execute(select(settings.c.value).where(settings.c.key == key)).scalar_one()
            )
