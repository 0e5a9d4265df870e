"""mjref's web app as ``mjref serve`` builds it, with each worker's event loop thread
under cProfile (counting its own CPU time), for ``venue_load.py --profile``: each
worker writes its figures to ``$MJREF_PROFILE_DIR/worker-PID.prof`` when it shuts down
(read them with ``pstats``),
and beside them the requests that went past the fast path (:mod:`mjref.web.fastpage`)
to the app, by path. A benchmark harness only: the product never profiles itself."""

from __future__ import annotations

import cProfile
import json
import os
import time
from collections import Counter
from pathlib import Path
from typing import Any

from mjref.web.serve import app_from_env


def factory() -> Any:
    """The app of one worker, profiled from here to the worker's end."""
    profile = cProfile.Profile(time.thread_time)  # CPU time: the load moves it less
    folder = Path(os.environ["MJREF_PROFILE_DIR"])

    app = app_from_env()
    counts: Counter[str] = Counter()
    fast = app.app  # the security headers' inner layer: mjref.web.fastpage.FastPages
    inner = fast.app

    async def counted(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            counts[f"{scope['method']} {scope['path']}"] += 1
        await inner(scope, receive, send)

    fast.app = counted

    async def profiled(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "lifespan":
            counts["(every request)"] += scope["type"] == "http"
            await app(scope, receive, send)
            return

        async def receive_then_write() -> Any:
            message = await receive()
            if message["type"] == "lifespan.shutdown":
                profile.disable()
                profile.dump_stats(str(folder / f"worker-{os.getpid()}.prof"))
                past = folder / f"worker-{os.getpid()}.routed.json"
                past.write_text(json.dumps(counts.most_common(), indent=1))
            return message

        await app(scope, receive_then_write, send)

    profile.enable()
    return profiled


def main() -> None:
    """``python profiled_app.py DB PORT WORKERS``: Uvicorn as ``mjref serve`` runs it."""
    import sys

    import uvicorn

    from mjref.web.serve import DB_VARIABLE

    db, port, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    os.environ[DB_VARIABLE] = db
    uvicorn.run(
        "profiled_app:factory",
        factory=True,
        host="127.0.0.1",
        port=port,
        workers=workers,
        log_level="warning",
        app_dir=str(Path(__file__).parent),
    )


if __name__ == "__main__":
    main()
