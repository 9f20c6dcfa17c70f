"""An engine, bridge or referee driven through its pipes, as the tools that
play or time UCCI/UCI sessions drive it (bridge_games.py, stop_latency.py,
isready_latency.py): each line it writes is read in a thread and kept with
the time it came."""
import queue
import re
import subprocess
import threading
import time


class Proc:
    """A process speaking UCCI or UCI on its standard input and output."""

    def __init__(self, command, name=None):
        self.name = name or command[0]
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.q.put((time.time(), line.rstrip("\n")))
        self.q.put((time.time(), None))

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def line(self, timeout=120):
        """The next line and when it came; an error at the end of the output."""
        t, line = self.q.get(timeout=max(0.01, timeout))
        if line is None:
            raise RuntimeError(f"{self.name}: its output ended")
        return t, line

    def until_timed(self, pred, timeout=120):
        """The lines up to the first that `pred` accepts, and when that one came."""
        lines = []
        end = time.time() + timeout
        while True:
            t, line = self.line(end - time.time())
            lines.append(line)
            if pred(line):
                return t, lines

    def until(self, pred, timeout=120):
        """The lines up to the first that `pred` accepts."""
        return self.until_timed(pred, timeout)[1]

    def waiting(self):
        """The lines written and not read yet."""
        lines = []
        while not self.q.empty():
            _, line = self.q.get()
            if line is not None:
                lines.append(line)
        return lines

    def quit(self):
        """Sends `quit`; kills the process if it has not ended 10 s later.
        Whether it ended by itself."""
        self.send("quit")
        try:
            self.p.wait(timeout=10)
            return True
        except subprocess.TimeoutExpired:
            self.p.kill()
            return False


def ranks_from_one(mv):
    """A move with its ranks counted from 1, as Fairy-Stockfish's UCI writes
    them (`h2e2` is `h3e3`); other words as they are."""
    m = re.fullmatch(r"([a-i])(\d)([a-i])(\d)", mv)
    return f"{m[1]}{int(m[2]) + 1}{m[3]}{int(m[4]) + 1}" if m else mv
