"""``mjref serve`` (the venue web app) and ``mjref users`` (its accounts)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from mjref.cli import (  # noqa: F401  (registers the wording)
    _mirror_messages,
    _tournament_messages,
    io,
)
from mjref.cli.backup import start_snapshots
from mjref.cli.errors import StrictGroup, usage
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.cli.tournament_options import (
    ActorOption,
    DbOption,
    actor,
    installation_secret,
    now,
    opened,
)
from mjref.i18n import render
from mjref.messages import Message, register
from mjref.services import accounts
from mjref.services.tournament_demo import DEMO_ID, build_demo
from mjref.store.accounts import SqlAccounts

if TYPE_CHECKING:
    from mjref.store import SqlEventLog

register(
    {
        "cli.serve.demo": "demo tournament {tournament} built in {db}",
        "cli.serve.login": "organiser login: name {name}, password {password}",
        "cli.serve.open": "open http://{host}:{port}/ in a browser (Ctrl+C stops the server)",
        "cli.users.added": "account {name} ({role}) created",
        "cli.users.password": "password (shown once): {password}",
        "cli.users.granted": "{name} may act on: {tournaments}",
        "cli.users.token": "API token for {name} (shown once): {token}",
        "cli.users.none": "no account yet",
        "cli.users.entry": "{name} ({role}): {tournaments}",
        "cli.users.entry-disabled": "{name} ({role}, disabled): {tournaments}",
        "cli.users.new-password": "New password for {name}",
        "cli.users.again": "The same password again",
        "cli.users.passwd": "new password of {name} set: every session of the account has ended",
        "cli.users.revoked": "tokens of {name} revoked: {tokens}",
        "cli.users.disabled": (
            "account {name} disabled: its sessions have ended and its tokens are revoked"
        ),
    }
)

users_app = typer.Typer(
    cls=StrictGroup, help="Accounts of the web app (organisers and referees).", no_args_is_help=True
)


def _say(key: str, lang: str, **params: object) -> None:
    io.write(render(Message(key, params), lang))


def _tournaments(log: SqlEventLog) -> frozenset[str]:
    """The tournaments of the database (a grant names one of them)."""
    return frozenset(tid for tid, _ in log.tournaments())


def _new_password(name: str, lang: str) -> tuple[str, str]:
    """The new password, typed twice: at a hidden prompt (on standard error) on a terminal,
    else the first two lines of standard input."""
    if sys.stdin.isatty():
        first = typer.prompt(
            render(Message("cli.users.new-password", {"name": name}), lang),
            hide_input=True,
            err=True,
        )
        again = typer.prompt(
            render(Message("cli.users.again", {}), lang), hide_input=True, err=True
        )
        return str(first), str(again)
    lines = sys.stdin.read(2000).splitlines()
    return (lines[0] if lines else ""), (lines[1] if len(lines) > 1 else "")


def serve_command(
    db: DbOption = None,
    demo: Annotated[
        bool,
        typer.Option(
            "--demo",
            help="Build the demo tournament (in a new file unless --db) "
            "and an organiser account, printed here.",
        ),
    ] = False,
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port.", min=1, max=65535)] = 8000,
    workers: Annotated[int, typer.Option("--workers", help="Worker processes.", min=1, max=64)] = 1,
    https: Annotated[
        bool, typer.Option("--https", help="Served over HTTPS behind a proxy: Secure cookies.")
    ] = False,
    public_url: Annotated[
        str, typer.Option("--public-url", help="The address phones reach, for the QR codes.")
    ] = "",
    export_dir: Annotated[
        str,
        typer.Option("--export-dir", help="Write the static pages here after every change."),
    ] = "",
    backup_dir: Annotated[
        str,
        typer.Option(
            "--backup-dir",
            help="Take a backup into this folder (say, a USB stick) at once and then every"
            " --backup-every minutes (docs/deploy.md).",
        ),
    ] = "",
    backup_every: Annotated[
        int | None,
        typer.Option(
            "--backup-every", help="Minutes between two backups (default 10).", min=1, max=1440
        ),
    ] = None,
    backup_keep: Annotated[
        int, typer.Option("--backup-keep", help="Backups kept (the oldest go).", min=1, max=10000)
    ] = 24,
    backup_passphrase_file: Annotated[
        str | None,
        typer.Option(
            "--backup-passphrase-file",
            help="A file whose first line seals the installation secret in each backup"
            " (default: asked for on a terminal).",
            show_default=False,
        ),
    ] = None,
    mirror_push: Annotated[
        str | None,
        typer.Option(
            "--mirror-push",
            help="Push every tournament's new events to this hosted mjref as they are"
            " recorded (docs/deploy.md), with --mirror-token.",
            show_default=False,
        ),
    ] = None,
    mirror_token: Annotated[
        str,
        typer.Option(
            "--mirror-token",
            envvar="MJREF_MIRROR_TOKEN",
            help="The hosted mjref's API token for --mirror-push (default: MJREF_MIRROR_TOKEN).",
            show_default=False,
        ),
    ] = "",
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """The venue web app: public standings and seating, the organiser's and referees'
    pages, the table scorers' links, the JSON API (docs/web.md)."""
    from mjref.web.serve import run
    from mjref.web.settings import WebSettings

    lang = language(lang)
    url = db
    if mirror_push is not None:
        from mjref.store.remote import check_token, check_url

        check_url(mirror_push)
        if not mirror_token.strip():
            raise usage("cli.mirror.no-token", "--mirror-token")
        check_token(mirror_token)
    if demo:
        if url is None:
            url = str(Path(tempfile.mkdtemp(prefix="mjref-demo-")) / "demo.db")
        with opened(url) as log:
            build_demo(log, now=now())
            store = SqlAccounts(log.engine)
            password = accounts.new_password()
            accounts.add_user(
                store,
                "organiser",
                password,
                accounts.Role.ORGANISER,
                tournaments=(DEMO_ID,),
                now=now(),
            )
        login: dict[str, str] | None = {"name": "organiser", "password": password}
    else:
        login = None
        with opened(url) as log:
            # migrate, refuse a bad URL and find the secret before the workers start
            installation_secret(log)
    if as_json:
        io.write_json(
            {
                "url": f"http://{host}:{port}/",
                "db": url or "mjref.db",
                "demo": DEMO_ID if demo else None,
                "login": login,
            }
        )
    else:
        if login is not None:
            _say("cli.serve.demo", lang, tournament=DEMO_ID, db=url)
            _say("cli.serve.login", lang, **login)
        _say("cli.serve.open", lang, host=host, port=port)
    snapshots = start_snapshots(
        url, backup_dir, backup_every, backup_keep, backup_passphrase_file, lang
    )
    settings = WebSettings(
        db=url or "mjref.db",
        https=https,
        public_url=public_url,
        export_dir=export_dir,
        backup_status=str(snapshots.status_path) if snapshots is not None else "",
    )
    pusher = None
    if mirror_push is not None:
        from mjref.store.pusher import MirrorPusher

        pusher = MirrorPusher(url or "mjref.db", mirror_push, mirror_token.strip())
        pusher.start()
    try:
        run(settings, host, port, workers)
    finally:
        if snapshots is not None:
            snapshots.stop()
        if pusher is not None:
            pusher.stop()


@users_app.command("add", cls=StrictCommand)
def users_add(
    name: Annotated[str, typer.Argument(help="The account name.")],
    role: Annotated[str, typer.Option("--role", help="organiser or referee.")] = "organiser",
    tournament: Annotated[
        list[str] | None, typer.Option("--tournament", "-t", help="A tournament it may act on.")
    ] = None,
    password: Annotated[
        str | None,
        typer.Option("--password", help="The password (default: a random one, printed)."),
    ] = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Create an account of the web app."""
    lang = language(lang)
    chosen = password if password is not None else accounts.new_password()
    with opened(db) as log:
        made = accounts.add_user(
            SqlAccounts(log.engine),
            name,
            chosen,
            accounts.role_of(role),
            tournaments=tuple(tournament or ()),
            known=_tournaments(log),
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json(
            {
                "name": made.name,
                "role": made.role.value,
                "tournaments": sorted(made.tournaments),
                "password": None if password is not None else chosen,
            }
        )
        return
    _say("cli.users.added", lang, name=made.name, role=made.role.value)
    if password is None:
        _say("cli.users.password", lang, password=chosen)
    _say(
        "cli.users.granted",
        lang,
        name=made.name,
        tournaments=", ".join(sorted(made.tournaments)) or "-",
    )


@users_app.command("grant", cls=StrictCommand)
def users_grant(
    name: Annotated[str, typer.Argument(help="The account name.")],
    tournament: Annotated[str, typer.Argument(help="The tournament it may act on.")],
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Let an account act on a tournament (one of the database's)."""
    lang = language(lang)
    with opened(db) as log:
        made = accounts.grant(
            SqlAccounts(log.engine),
            name,
            tournament,
            known=_tournaments(log),
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json({"name": made.name, "tournaments": sorted(made.tournaments)})
        return
    _say("cli.users.granted", lang, name=made.name, tournaments=", ".join(sorted(made.tournaments)))


@users_app.command("token", cls=StrictCommand)
def users_token(
    name: Annotated[str, typer.Argument(help="The account name.")],
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """A new API token for scripts (Authorization: Bearer TOKEN)."""
    lang = language(lang)
    with opened(db) as log:
        token = accounts.new_token(SqlAccounts(log.engine), name, now=now(), actor=actor(who))
    if as_json:
        io.write_json({"name": name, "token": token})
        return
    _say("cli.users.token", lang, name=name, token=token)


@users_app.command("list", cls=StrictCommand)
def users_list(db: DbOption = None, as_json: JsonOption = False, lang: LangOption = "en") -> None:
    """The accounts, their roles and the tournaments each may act on."""
    lang = language(lang)
    with opened(db) as log:
        found = SqlAccounts(log.engine).listing()
    if as_json:
        io.write_json(
            [
                {"name": n, "role": r, "tournaments": list(granted), "disabled": disabled}
                for n, r, disabled, granted in found
            ]
        )
        return
    for name, role, disabled, granted in found:
        key = "cli.users.entry-disabled" if disabled else "cli.users.entry"
        _say(key, lang, name=name, role=role, tournaments=", ".join(granted) or "-")
    if not found:
        _say("cli.users.none", lang)


@users_app.command("passwd", cls=StrictCommand)
def users_passwd(
    name: Annotated[str, typer.Argument(help="The account name.")],
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Set an account's password, typed twice (a hidden prompt, or two lines of standard
    input); every session of the account ends."""
    lang = language(lang)
    new, again = _new_password(name, lang)
    with opened(db) as log:
        accounts.change_password(
            SqlAccounts(log.engine), name, new, again, actor=actor(who), now=now()
        )
    if as_json:
        io.write_json({"name": name, "password": "changed"})
        return
    _say("cli.users.passwd", lang, name=name)


@users_app.command("revoke", cls=StrictCommand)
def users_revoke(
    name: Annotated[str, typer.Argument(help="The account name.")],
    token: Annotated[
        str | None,
        typer.Option(
            "--token", help="Revoke only the API token beginning so (as users list shows it)."
        ),
    ] = None,
    all_tokens: Annotated[
        bool, typer.Option("--all-tokens", help="Revoke every API token of the account.")
    ] = False,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Revoke an account's API tokens (--token PREFIX, --all-tokens), or else disable the
    account: its sessions and tokens stop working at once."""
    lang = language(lang)
    if token is not None and all_tokens:
        raise typer.BadParameter("--token or --all-tokens, not both")
    with opened(db) as log:
        store = SqlAccounts(log.engine)
        if token is not None or all_tokens:
            revoked = accounts.revoke_tokens(store, name, prefix=token, actor=actor(who), now=now())
            disabled = False
        else:
            revoked = accounts.disable(store, name, actor=actor(who), now=now())
            disabled = True
    if as_json:
        io.write_json({"name": name, "disabled": disabled, "revoked": revoked})
        return
    if disabled:
        _say("cli.users.disabled", lang, name=name)
    else:
        _say("cli.users.revoked", lang, name=name, tokens=", ".join(revoked) or "-")


@users_app.command("ungrant", cls=StrictCommand)
def users_ungrant(
    name: Annotated[str, typer.Argument(help="The account name.")],
    tournament: Annotated[str, typer.Argument(help="The tournament it may no longer act on.")],
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Take a tournament from an account: it may no longer act on it, at once."""
    lang = language(lang)
    with opened(db) as log:
        made = accounts.ungrant(
            SqlAccounts(log.engine), name, tournament, actor=actor(who), now=now()
        )
    if as_json:
        io.write_json({"name": made.name, "tournaments": sorted(made.tournaments)})
        return
    _say(
        "cli.users.granted",
        lang,
        name=made.name,
        tournaments=", ".join(sorted(made.tournaments)) or "-",
    )
