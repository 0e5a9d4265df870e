"""Another mjref server's copy of a tournament's log, reached over HTTP(S) with an API
token (httpx): where it ends, rows sent to it (``mjref mirror push``) and rows read from
it (``mjref mirror pull``), resumed after any loss of the network.

:func:`push` asks the mirror where its copy ends, checks that the venue's log has the same
row there (same hash: else the mirror holds a different history and nothing is sent),
then sends the rows after it in batches, each answered with the mirror's new end. A lost
connection, a timeout, a server error or a busy answer (another copy arrived first) is
retried with exponential backoff and the mirror is asked again where it ends, so nothing
is sent twice and nothing is skipped; a refusal (a wrong token, a different history) is
not retried. :func:`pull` does the same the other way round into this database, through
:func:`mjref.store.copies.receive`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import quote

import httpx2 as httpx
from pydantic import BaseModel, ValidationError

from mjref.errors import InputError
from mjref.messages import Message, register
from mjref.store.copies import CopyRefusedError, StoredRow, head, receive, rows_after
from mjref.store.log import SqlEventLog
from mjref.wire.mirror import MAX_BATCH, HeadJson, RowsJson, row_json
from mjref.wire.streams import StreamError

register(
    {
        "remote.unreachable": "cannot reach the mirror {url}: {problem}",
        "remote.server-error": "the mirror {url} answered {status}: {text}",
        "remote.refused": "the mirror {url} refused ({status}): {text}",
        "remote.bad-answer": "the mirror {url} answered something that is not mjref's: {problem}",
        "remote.ahead": (
            "{tournament}: the mirror {url} holds {position} events, this log only {local}: "
            "it is a different history (or another venue's), nothing is sent"
        ),
        "remote.different": (
            "{tournament}: the mirror {url} holds a different event at position {position} "
            "than this log: a different history, nothing is sent"
        ),
        "remote.behind": (
            "{tournament}: {url} holds {position} events, this copy already {local}: it is a "
            "different history, nothing is copied"
        ),
        "remote.no-tournament": "there is no tournament {tournament} in this database to send",
        "remote.bad-url": "{url!r} is not an http:// or https:// address",
        "remote.bad-token": (
            "the API token is not one mjref makes (letters, digits, '-' and '_', as mjref "
            "users token printed it)"
        ),
    }
)

BATCH_BYTES = 1024 * 1024
"""Bytes of rows' text sent in one batch, about (the mirror accepts up to
:data:`BODY_LIMIT`)."""
BODY_LIMIT = 4 * 1024 * 1024
"""The largest batch a mirror accepts (``mjref.web.limits``)."""
BUSY = "store.copy-busy"


class RemoteUnavailableError(StreamError):
    """The mirror could not be reached or failed to answer (retried; when the retries run
    out, exit code 3 like any stream that fails)."""


class RemoteRefusedError(InputError):
    """The mirror refused (a wrong token, a different history): not retried."""


@dataclass(frozen=True, slots=True)
class Done:
    """What a push or a pull did: where both logs end now, how many rows moved (as far as
    the answers that arrived tell), how many attempts failed on the way (each retried;
    ``max_failures`` bounds the failures in a row without progress)."""

    tournament: str
    position: int
    moved: int
    failures: int


Progress = Callable[[int, int], None]
"""Told (position reached, position wanted) after each batch."""

M = TypeVar("M", bound=BaseModel)


def check_url(url: str) -> str:
    if not url.startswith(("http://", "https://")) or len(url) > 300:
        raise InputError(Message("remote.bad-url", {"url": url[:300]}), where="URL")
    return url.rstrip("/")


def check_token(token: str) -> str:
    """An API token as ``mjref users token`` prints it (it goes into a header as it is)."""
    token = token.strip()
    if (
        not token
        or len(token) > 200
        or not all(c.isascii() and (c.isalnum() or c in "-_") for c in token)
    ):
        raise InputError(Message("remote.bad-token", {}), where="--token")
    return token


class Remote:
    """The API of one mjref server, with a bearer token."""

    def __init__(
        self,
        url: str,
        token: str,
        *,
        timeout: float = 15.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.url = check_url(url)
        token = check_token(token)
        self.client = httpx.Client(
            base_url=self.url,
            headers={"Authorization": f"Bearer {token}", "Accept": "application/json"},
            timeout=timeout,
            transport=transport,
        )

    def close(self) -> None:
        self.client.close()

    def _path(self, tournament: str) -> str:
        return f"/api/tournaments/{quote(tournament, safe='')}/mirror"

    def _call(self, model: type[M], method: str, path: str, **kwargs: Any) -> M:
        try:
            answer = self.client.request(method, path, **kwargs)
        except httpx.TransportError as error:
            problem = str(error) or type(error).__name__
            raise RemoteUnavailableError(
                Message("remote.unreachable", {"url": self.url, "problem": problem[:200]})
            ) from None
        if answer.status_code >= 400:
            key, text = _error_of(answer)
            params = {"url": self.url, "status": answer.status_code, "text": text}
            if answer.status_code >= 500 or key == BUSY:
                raise RemoteUnavailableError(Message("remote.server-error", params))
            raise RemoteRefusedError(Message("remote.refused", params))
        try:
            return model.model_validate_json(answer.content)
        except ValidationError as error:
            problem = str(error).splitlines()[0][:200]
            raise RemoteUnavailableError(
                Message("remote.bad-answer", {"url": self.url, "problem": problem})
            ) from None

    def head(self, tournament: str) -> HeadJson:
        return self._call(HeadJson, "GET", self._path(tournament))

    def send(self, tournament: str, rows: Sequence[StoredRow]) -> HeadJson:
        body = {"events": [_json(r) for r in rows]}
        return self._call(HeadJson, "POST", self._path(tournament) + "/events", json=body)

    def fetch(self, tournament: str, after: int, limit: int = MAX_BATCH) -> RowsJson:
        params = {"after": after, "limit": limit}
        return self._call(RowsJson, "GET", self._path(tournament) + "/events", params=params)


def _error_of(answer: httpx.Response) -> tuple[str, str]:
    """The key and text of an mjref error answer (else the start of the body)."""
    try:
        error = answer.json()["error"]
        return str(error.get("key", "")), str(error.get("text", ""))[:300]
    except Exception:
        return "", answer.text[:200].strip() or answer.reason_phrase


def _json(row: StoredRow) -> dict[str, Any]:
    return row_json(row.seq, row.kind, row.data, row.actor, row.at, row.hash)


def _batch(rows: Sequence[StoredRow]) -> list[StoredRow]:
    """The first rows of ``rows`` that fit in :data:`BATCH_BYTES` (at least one)."""
    taken: list[StoredRow] = []
    size = 0
    for row in rows:
        size += len(row.data) + len(row.actor) + 200
        if taken and size > BATCH_BYTES:
            break
        taken.append(row)
    return taken


def backoff(failures: int, cap: float) -> float:
    """Seconds to wait after ``failures`` failed attempts in a row: 0.25 s doubling up to
    ``cap``, with a random part so that many senders do not retry in step."""
    return float(min(cap, 0.25 * 2 ** min(failures - 1, 16)) * random.uniform(0.75, 1.0))


def push(
    log: SqlEventLog,
    remote: Remote,
    tournament: str,
    *,
    progress: Progress | None = None,
    batch: int = MAX_BATCH,
    max_failures: int = 20,
    cap: float = 10.0,
    sleep: Callable[[float], None] = time.sleep,
) -> Done:
    """Send ``tournament``'s rows that the mirror does not hold, ``batch`` rows at most
    at a time (see the module)."""
    failures = in_row = moved = 0
    while True:
        try:
            return _push_once(log, remote, tournament, progress, batch, failures, moved)
        except _PartialError as partial:
            in_row = 1 if partial.moved > moved else in_row + 1
            moved = partial.moved
            failures += 1
            if in_row > max_failures:
                raise partial.error from None
            sleep(backoff(in_row, cap))


class _PartialError(Exception):
    def __init__(self, moved: int, error: RemoteUnavailableError) -> None:
        self.moved = moved
        self.error = error


def _push_once(
    log: SqlEventLog,
    remote: Remote,
    tournament: str,
    progress: Progress | None,
    batch: int,
    failures: int,
    moved: int,
) -> Done:
    try:
        local = head(log, tournament)
        if local.position == 0:
            raise InputError(Message("remote.no-tournament", {"tournament": tournament}))
        there = remote.head(tournament)
        if there.position > local.position:
            raise RemoteRefusedError(
                Message(
                    "remote.ahead",
                    {
                        "tournament": tournament,
                        "url": remote.url,
                        "position": there.position,
                        "local": local.position,
                    },
                )
            )
        if there.position:
            mine = rows_after(log, tournament, there.position - 1, 1)
            if not mine or mine[0].hash != there.hash:
                raise RemoteRefusedError(
                    Message(
                        "remote.different",
                        {"tournament": tournament, "url": remote.url, "position": there.position},
                    )
                )
        position = there.position
        while True:
            rows = rows_after(log, tournament, position, max(1, min(batch, MAX_BATCH)))
            if not rows:
                return Done(tournament, position, moved, failures)
            answer = remote.send(tournament, _batch(rows))
            if answer.position <= position:
                raise RemoteUnavailableError(
                    Message(
                        "remote.bad-answer",
                        {"url": remote.url, "problem": f"no progress past {position}"},
                    )
                )
            moved += answer.added
            position = answer.position
            if progress is not None:
                progress(position, max(position, head(log, tournament).position))
    except RemoteUnavailableError as error:
        raise _PartialError(moved, error) from None


def pull(
    log: SqlEventLog,
    remote: Remote,
    tournament: str,
    *,
    actor: str,
    now: Callable[[], str],
    progress: Progress | None = None,
    batch: int = MAX_BATCH,
    max_failures: int = 20,
    cap: float = 10.0,
    sleep: Callable[[float], None] = time.sleep,
) -> Done:
    """Copy the rows of ``tournament`` this database does not hold from the remote server
    (the first pull makes it a mirror here, read-only until promoted)."""
    failures = in_row = moved = 0
    while True:
        try:
            local = head(log, tournament)
            # from the last row held, so that the remote's row there is compared with it
            after = max(local.position - 1, 0)
            answer = remote.fetch(tournament, after, max(2, min(batch, MAX_BATCH)))
            rows = [StoredRow(r.seq, r.kind, r.data, r.actor, r.at, r.hash) for r in answer.events]
            if local.position and (not rows or rows[0].seq != local.position):
                raise CopyRefusedError(
                    Message(
                        "remote.behind",
                        {
                            "tournament": tournament,
                            "url": remote.url,
                            "position": answer.position,
                            "local": local.position,
                        },
                    )
                )
            ended, added = receive(log, tournament, rows, source=remote.url, actor=actor, at=now())
            moved += added
            in_row = 0
            if progress is not None:
                progress(ended.position, max(ended.position, answer.position))
            if ended.position >= answer.position:
                return Done(tournament, ended.position, moved, failures)
        except RemoteUnavailableError:
            failures += 1
            in_row += 1
            if in_row > max_failures:
                raise
            sleep(backoff(in_row, cap))
