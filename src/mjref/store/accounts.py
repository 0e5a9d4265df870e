"""Storage adapter: the web app's accounts, grants, failed logins, API tokens and the
installation's secret (tables of migration 0003), each account's session generation and
the audit of account changes (migration 0004), in the same database as the logs."""

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
    update,
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
    Column("generation", Integer, nullable=False, default=0),
    Column("disabled_at", String(40), nullable=True),
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
    Column("address", String(64), nullable=True),
)
tokens = Table(
    "web_tokens",
    _meta,
    Column("token_hash", String(64), primary_key=True),
    Column("user_name", String(60), nullable=False),
    Column("created_at", String(40), nullable=False),
    Column("prefix", String(20), nullable=True),
    Column("revoked_at", String(40), nullable=True),
)
changes = Table(
    "web_account_changes",
    _meta,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", String(40), nullable=False),
    Column("actor", String(100), nullable=False),
    Column("user_name", String(60), nullable=False),
    Column("action", String(40), nullable=False),
    Column("detail", String(200), nullable=False),
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

    def user(self, name: str) -> tuple[str, str, int, bool] | None:
        """(password hash, role, session generation, disabled) of ``name``, if there is
        such an account."""
        query = select(
            users.c.password_hash, users.c.role, users.c.generation, users.c.disabled_at
        ).where(users.c.name == name)
        with self.engine.connect() as c:
            row = c.execute(query).first()
        return None if row is None else (row[0], row[1], int(row[2]), row[3] is not None)

    def set_password(self, name: str, password_hash: str) -> None:
        """A new password; the session generation moves on (every session ends)."""
        with self.engine.begin() as c:
            c.execute(
                update(users)
                .where(users.c.name == name)
                .values(password_hash=password_hash, generation=users.c.generation + 1)
            )

    def bump_generation(self, name: str) -> None:
        """End every session of ``name`` (the cookies carry the old generation)."""
        with self.engine.begin() as c:
            c.execute(
                update(users).where(users.c.name == name).values(generation=users.c.generation + 1)
            )

    def disable(self, name: str, at: str) -> bool:
        """Disable the account (its sessions end); ``False`` if it was disabled already."""
        with self.engine.begin() as c:
            done = c.execute(
                update(users)
                .where(users.c.name == name, users.c.disabled_at.is_(None))
                .values(disabled_at=at, generation=users.c.generation + 1)
            )
        return bool(done.rowcount)

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

    def ungrant(self, name: str, tournament: str) -> bool:
        """Take ``tournament`` from ``name``; ``False`` if it was not granted."""
        with self.engine.begin() as c:
            done = c.execute(
                delete(grants).where(
                    grants.c.user_name == name, grants.c.tournament_id == tournament
                )
            )
        return bool(done.rowcount)

    def listing(self) -> list[tuple[str, str, bool, tuple[str, ...]]]:
        """Every account: (name, role, disabled, the tournaments granted)."""
        with self.engine.connect() as c:
            found = c.execute(
                select(users.c.name, users.c.role, users.c.disabled_at).order_by(users.c.name)
            ).all()
            pairs = c.execute(
                select(grants.c.user_name, grants.c.tournament_id).order_by(grants.c.tournament_id)
            ).all()
        by_user: dict[str, list[str]] = {}
        for user_name, tournament in pairs:
            by_user.setdefault(user_name, []).append(tournament)
        return [(n, r, d is not None, tuple(by_user.get(n, ()))) for n, r, d in found]

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

    def failures_since(self, name: str, since: float, address: str | None = None) -> int:
        """Wrong passwords for ``name`` since ``since``: from every address, or from
        ``address`` only."""
        query = select(func.count()).where(failures.c.user_name == name, failures.c.at >= since)
        if address is not None:
            query = query.where(failures.c.address == address)
        with self.engine.connect() as c:
            return int(c.execute(query).scalar() or 0)

    def add_failure(self, name: str, at: float, address: str | None = None) -> None:
        with self.engine.begin() as c:
            c.execute(insert(failures).values(user_name=name, at=at, address=address))

    def clear_failures(self, name: str, before: float) -> None:
        with self.engine.begin() as c:
            c.execute(delete(failures).where(failures.c.user_name == name, failures.c.at < before))

    def add_token(self, token_hash: str, name: str, at: str, prefix: str | None = None) -> None:
        with self.engine.begin() as c:
            c.execute(
                insert(tokens).values(
                    token_hash=token_hash, user_name=name, created_at=at, prefix=prefix
                )
            )

    def tokens_of(self, name: str) -> list[tuple[str, str | None, str]]:
        """The tokens of ``name`` not revoked: (hash, printable prefix, made at)."""
        query = (
            select(tokens.c.token_hash, tokens.c.prefix, tokens.c.created_at)
            .where(tokens.c.user_name == name, tokens.c.revoked_at.is_(None))
            .order_by(tokens.c.created_at)
        )
        with self.engine.connect() as c:
            return [(r[0], r[1], r[2]) for r in c.execute(query)]

    def revoke_tokens(self, hashes: list[str], at: str) -> int:
        """Revoke the tokens with these hashes (kept, marked with the time)."""
        if not hashes:
            return 0
        with self.engine.begin() as c:
            done = c.execute(
                update(tokens)
                .where(tokens.c.token_hash.in_(hashes), tokens.c.revoked_at.is_(None))
                .values(revoked_at=at)
            )
        return int(done.rowcount)

    def record(self, at: str, actor: str, name: str, action: str, detail: str = "") -> None:
        """Note an account change in the audit table (who, when, what)."""
        with self.engine.begin() as c:
            c.execute(
                insert(changes).values(
                    at=at, actor=actor[:100], user_name=name, action=action, detail=detail[:200]
                )
            )

    def changes(self, name: str) -> list[tuple[str, str, str, str]]:
        """The recorded changes of the account ``name``: (at, actor, action, detail)."""
        query = (
            select(changes.c.at, changes.c.actor, changes.c.action, changes.c.detail)
            .where(changes.c.user_name == name)
            .order_by(changes.c.id)
        )
        with self.engine.connect() as c:
            return [(r[0], r[1], r[2], r[3]) for r in c.execute(query)]

    def token_user(self, token_hash: str) -> str | None:
        query = select(tokens.c.user_name).where(
            tokens.c.token_hash == token_hash, tokens.c.revoked_at.is_(None)
        )
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
