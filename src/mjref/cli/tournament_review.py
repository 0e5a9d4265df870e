"""``mjref confirm``, ``mjref reject`` and ``mjref pending``: results proposed by a
table's player, confirmed or rejected by a second person (``docs/tournament.md``)."""

from __future__ import annotations

from typing import Annotated

import typer

from mjref.cli import (
    _tournament_messages,  # noqa: F401  (registers the wording)
    io,
)
from mjref.cli.options import JsonOption, LangOption, language
from mjref.cli.tournament import say, say_recorded
from mjref.cli.tournament_options import (
    ActorOption,
    CodeOption,
    DbOption,
    TournamentOption,
    actor,
    installation_secret,
    now,
    opened,
)
from mjref.messages import Message
from mjref.players import PlayerId
from mjref.services import tournament_review as service
from mjref.wire import tournament as wire

ProposalArgument = Annotated[
    int, typer.Argument(help="The log position of the proposed result.", min=1)
]
ByPlayerOption = Annotated[
    int | None,
    typer.Option(
        "--player",
        help="A player of the table deciding (not the one who proposed); "
        "leave out when a referee or the organiser decides.",
    ),
]


def _player(value: int | None) -> PlayerId | None:
    return None if value is None else PlayerId(value)


def confirm_command(
    proposal: ProposalArgument,
    tournament: TournamentOption,
    player: ByPlayerOption = None,
    code: CodeOption = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Confirm a proposed result: from now on it is the table's result."""
    lang = language(lang)
    with opened(db) as log:
        recorded = service.confirm_result(
            log,
            tournament,
            proposal=proposal,
            player=_player(player),
            code=code,
            secret=installation_secret(log) if player is not None else None,
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json(wire.entries_json([recorded]))
    else:
        say_recorded([recorded], lang)


def reject_command(
    proposal: ProposalArgument,
    tournament: TournamentOption,
    reason: Annotated[str, typer.Option("--reason", help="Why the result is rejected.")],
    player: ByPlayerOption = None,
    code: CodeOption = None,
    db: DbOption = None,
    who: ActorOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """Reject a proposed result; the table enters its result again."""
    lang = language(lang)
    with opened(db) as log:
        recorded = service.reject_result(
            log,
            tournament,
            proposal=proposal,
            reason=reason,
            player=_player(player),
            code=code,
            secret=installation_secret(log) if player is not None else None,
            actor=actor(who),
            now=now(),
        )
    if as_json:
        io.write_json(wire.entries_json([recorded]))
    else:
        say_recorded([recorded], lang)


def pending_command(
    tournament: TournamentOption,
    session: Annotated[int | None, typer.Option("--session", help="Only this session.")] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
    lang: LangOption = "en",
) -> None:
    """What needs attention: proposed results awaiting confirmation, tables not yet
    reported and appeals not yet decided."""
    lang = language(lang)
    with opened(db) as log:
        found = service.attention(log, tournament, session)
    if as_json:
        io.write_json(wire.attention_json(found))
        return
    for p in found.proposals:
        scores = ", ".join(str(s) for s in p.scores)
        say(
            Message(
                "cli.tournament.proposal",
                {
                    "seq": p.seq,
                    "session": p.session,
                    "table": p.table,
                    "scores": scores,
                    "player": p.player,
                },
            ),
            lang,
        )
    for session_no, table in found.hands_awaiting:
        say(Message("cli.tournament.hands-awaiting", {"session": session_no, "table": table}), lang)
    for session_no, table in found.unreported:
        say(Message("cli.tournament.unreported", {"session": session_no, "table": table}), lang)
    for appeal, ruling, appellant in found.open_appeals:
        say(
            Message(
                "cli.tournament.open-appeal",
                {"seq": appeal, "ruling": ruling, "player": appellant},
            ),
            lang,
        )
    if not (found.proposals or found.hands_awaiting or found.unreported or found.open_appeals):
        say(Message("cli.tournament.nothing-pending", {}), lang)
