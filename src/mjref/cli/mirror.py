"""``mjref mirror push|pull|promote``: a tournament's log copied to a hosted mirror or a
standby laptop over HTTP(S), and a copy made the venue's tournament (``docs/deploy.md``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from mjref.cli import _mirror_messages, io  # noqa: F401  (registers the wording)
from mjref.cli.errors import StrictGroup, usage
from mjref.cli.options import JsonOption, LangOption, StrictCommand, language
from mjref.cli.tournament_options import (
    ActorOption,
    DbOption,
    TournamentOption,
    actor,
    now,
    opened,
    progress,
)
from mjref.i18n import render
from mjref.messages import Message

app = typer.Typer(
    cls=StrictGroup,
    help="A tournament's log copied to a hosted mirror or a standby laptop, and a copy made "
    "the venue's tournament.",
    no_args_is_help=True,
)

UrlArgument = Annotated[
    str, typer.Argument(help="The other mjref server, e.g. https://results.example.org.")
]
TokenOption = Annotated[
    str,
    typer.Option(
        "--token",
        envvar="MJREF_MIRROR_TOKEN",
        help="An API token of the other server (mjref users token NAME there) of an account "
        "granted on the tournament (default: MJREF_MIRROR_TOKEN).",
        show_default=False,
    ),
]
RetriesOption = Annotated[
    int,
    typer.Option(
        "--retries",
        help="Failed attempts in a row (no network, a server error) retried with backoff "
        "before giving up.",
        min=0,
        max=10_000,
    ),
]

BatchOption = Annotated[
    int,
    typer.Option(
        "--batch", help="Events per request, at most (fewer on a slow link).", min=2, max=500
    ),
]


def _say(key: str, lang: str, **params: object) -> None:
    io.write(render(Message(key, params), lang))


def _token(token: str) -> str:
    if not token.strip():
        raise usage("cli.mirror.no-token", "--token")
    return token.strip()


def _shown(tournament: str, url: str, lang: str, quiet: bool) -> Callable[[int, int], None]:
    def shown(position: int, total: int) -> None:
        if not quiet:
            params = {"tournament": tournament, "position": position, "total": total, "url": url}
            progress(Message("cli.mirror.progress", params), lang)

    return shown


@app.command("push", cls=StrictCommand)
def push_command(
    url: UrlArgument,
    tournament: TournamentOption,
    token: TokenOption = "",
    retries: RetriesOption = 20,
    batch: BatchOption = 200,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Send the tournament's events the mirror does not hold yet, in order: the mirror says
    where its copy ends, a lost connection is retried, a different history is refused."""
    from mjref.services.tournament import check_tournament_id
    from mjref.store import remote

    lang = language(lang)
    tid = check_tournament_id(tournament)
    server = remote.Remote(url, _token(token))
    try:
        with opened(db) as log:
            done = remote.push(
                log,
                server,
                tid,
                progress=_shown(tid, server.url, lang, as_json),
                batch=batch,
                max_failures=retries,
            )
    finally:
        server.close()
    _report(done, server.url, "cli.mirror.pushed", as_json, lang)


@app.command("pull", cls=StrictCommand)
def pull_command(
    url: UrlArgument,
    tournament: TournamentOption,
    token: TokenOption = "",
    retries: RetriesOption = 20,
    batch: BatchOption = 200,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Copy the tournament's events this database does not hold yet from another server
    (the venue's, or the hosted mirror): a warm standby, read-only until promoted."""
    from mjref.services.tournament import check_tournament_id
    from mjref.store import remote

    lang = language(lang)
    tid = check_tournament_id(tournament)
    server = remote.Remote(url, _token(token))
    name = actor(who)
    try:
        with opened(db) as log:
            done = remote.pull(
                log,
                server,
                tid,
                actor=name,
                now=lambda: now().isoformat(timespec="seconds"),
                progress=_shown(tid, server.url, lang, as_json),
                batch=batch,
                max_failures=retries,
            )
    finally:
        server.close()
    _report(done, server.url, "cli.mirror.pulled", as_json, lang)


def _report(done: object, url: str, key: str, as_json: bool, lang: str) -> None:
    from mjref.store.remote import Done

    assert isinstance(done, Done)
    if as_json:
        io.write_json(
            {
                "tournament": done.tournament,
                "url": url,
                "position": done.position,
                "moved": done.moved,
                "failures": done.failures,
            }
        )
        return
    _say(key, lang, tournament=done.tournament, url=url, moved=done.moved, position=done.position)
    if done.failures:
        _say("cli.mirror.retried", lang, failures=done.failures)


@app.command("promote", cls=StrictCommand)
def promote_command(
    tournament: TournamentOption,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Make this database's copy of the tournament (a standby's, or the hosted mirror's
    pulled back down) the venue's tournament, taking entries: recorded with who and when."""
    from mjref.services import mirror
    from mjref.services.tournament import check_tournament_id

    lang = language(lang)
    tid = check_tournament_id(tournament)
    with opened(db) as log:
        recorded = mirror.promote(log, tid, actor=actor(who), now=now())
    if as_json:
        io.write_json(
            {"tournament": tid, "seq": recorded.seq, "actor": recorded.actor, "at": recorded.at}
        )
        return
    _say(
        "cli.mirror.promoted",
        lang,
        tournament=tid,
        seq=recorded.seq,
        actor=recorded.actor,
        at=recorded.at,
    )
