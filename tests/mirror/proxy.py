"""A TCP proxy on 127.0.0.1 that the tests control: it forwards to a server and cuts the
link when told to, or at seeded random points: each piece of data it carries has the
chance ``cut_chance`` of being the last, passed on only in part (in the middle of a
request or of an answer) before both sides of the connection are closed."""

from __future__ import annotations

import random
import select
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress


class Proxy:
    def __init__(self, target_port: int, *, seed: int, cut_chance: float, delay: float = 0) -> None:
        self.target = ("127.0.0.1", target_port)
        self.random = random.Random(seed)
        self.cut_chance = cut_chance
        self.delay = delay
        self.down = False
        self.cuts = 0
        self.connections = 0
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._stop = threading.Event()
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cut(self) -> None:
        """Drop every open connection and refuse new ones until :meth:`restore`."""
        self.down = True
        with self._lock:
            for sock in list(self._open):
                _close(sock)

    def restore(self) -> None:
        self.down = False

    def close(self) -> None:
        self._stop.set()
        self._listener.close()
        self.cut()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            if self.down:
                _close(client)
                continue
            self.connections += 1
            threading.Thread(target=self._pump, args=(client,), daemon=True).start()

    def _pump(self, client: socket.socket) -> None:
        try:
            server = socket.create_connection(self.target, timeout=10)
        except OSError:
            _close(client)
            return
        with self._lock:
            self._open |= {client, server}
        try:
            while not self._stop.is_set() and not self.down:
                ready, _, _ = select.select([client, server], [], [], 0.2)
                for sock in ready:
                    data = sock.recv(4096)
                    if not data:
                        return
                    other = server if sock is client else client
                    if self.random.random() < self.cut_chance:
                        other.sendall(data[: self.random.randint(0, len(data) - 1)])
                        self.cuts += 1
                        return  # the link dies here, in the middle of whatever it carried
                    if self.delay:
                        self._stop.wait(self.delay)
                    other.sendall(data)
        except OSError:
            return
        finally:
            with self._lock:
                self._open -= {client, server}
            _close(client)
            _close(server)


def _close(sock: socket.socket) -> None:
    with suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    with suppress(OSError):
        sock.close()


@contextmanager
def proxy(target_port: int, *, seed: int, cut_chance: float, delay: float = 0) -> Iterator[Proxy]:
    found = Proxy(target_port, seed=seed, cut_chance=cut_chance, delay=delay)
    try:
        yield found
    finally:
        found.close()
