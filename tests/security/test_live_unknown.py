"""The live stream of a tournament that does not exist is a 404: no stream is opened and
no position is watched for it (before, ``/t/anything/live`` streamed, and every name asked
for stayed in the worker's watch list)."""

from __future__ import annotations

from tests.web.conftest import Site


def test_the_live_stream_of_a_tournament_that_does_not_exist_is_a_404(site: Site) -> None:
    client = site.client()
    for tid in ("anything", "nowhere-2"):
        answer = client.get(f"/t/{tid}/live")
        assert answer.status_code == 404
        assert "text/event-stream" not in answer.headers.get("content-type", "")
