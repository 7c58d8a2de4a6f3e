"""Random choices for a `gamecheck stress --generator` generator, drawn from the bytes on standard input.

gamecheck feeds each case's generator a sequence of choice bytes and, when the program under test fails, shrinks
that sequence (shorter, smaller) and runs the generator again: the case shrinks while staying one this generator
could make. For that the generator must take every random decision from here, never from `random` or the clock.

End of the stream: missing bytes read as zero. So zeros give the simplest case: `integer(lo, hi)` gives `lo`,
`choice` the first item, `shuffle` leaves the order as it is, and shorter or smaller byte sequences give smaller
values. Run a generator by hand with `python3 gen.py < /dev/null` to see its simplest case.

How a draw reads the stream (the same in choices.hpp and choices.rs, so the three agree byte for byte):
`integer(lo, hi)` reads the fewest bytes k that hold hi - lo (none when lo == hi) as a big-endian v (a
draw cut short by the end reads the bytes left, as if the missing ones were leading zeros) and returns
lo + v mod (hi - lo + 1); `choice(items)` is `items[integer(0, len - 1)]`; `shuffle(items)` swaps item i with item
`integer(i, len - 1)` for i from the first to the second-to-last.

Draw boundaries: when the environment variable GAMECHECK_CHOICE_MARKS names a file (gamecheck sets it while
shrinking), the stream's reader writes there, when the generator exits, the offset where each draw that reads bytes
starts, one decimal number a line, then the offset where the last one ended. gamecheck deletes whole draws and runs of
them with it. Without the variable nothing is written: a generator runs by hand as it always did.

Use the module functions (they read standard input on the first draw) or a `Choices` of your own bytes:

    from choices import integer, choice, shuffle
    n = integer(1, 100000)
    a = [integer(-10**9, 10**9) for _ in range(n)]
"""

import atexit
import os
import sys

__all__ = ["Choices", "integer", "choice", "shuffle", "boolean"]


class Choices:
    """A cursor over choice bytes; `data` defaults to the whole of standard input."""

    def __init__(self, data=None):
        # Only the harness's stream is marked: bytes given here are the caller's own.
        self._marks = None
        if data is None:
            data = sys.stdin.buffer.read()
            path = os.environ.get("GAMECHECK_CHOICE_MARKS")
            if path:
                self._marks = []
                atexit.register(self._write_marks, path)
        self._data = bytes(data)
        self._at = 0

    def _write_marks(self, path):
        with open(path, "w") as marks:
            marks.write("".join(f"{at}\n" for at in self._marks + [self._at]))

    def _read(self, k):
        if self._marks is not None:
            self._marks.append(self._at)
        chunk = self._data[self._at : self._at + k]
        self._at += k
        # Big-endian, so that lowering the first bytes lowers the value most; a draw cut short by the end reads
        # what is left, missing bytes as leading zeros, so that a shorter stream gives a smaller value.
        return int.from_bytes(chunk, "big")

    def integer(self, lo, hi):
        """An integer in [lo, hi], both included; lo when the stream has run out."""
        if lo > hi:
            raise ValueError(f"integer({lo}, {hi}): the range is empty")
        span = hi - lo
        if span == 0:
            return lo
        k = (span.bit_length() + 7) // 8
        return lo + self._read(k) % (span + 1)

    def choice(self, items):
        """One item of a non-empty sequence; the first when the stream has run out."""
        if not items:
            raise ValueError("choice() of an empty sequence")
        return items[self.integer(0, len(items) - 1)]

    def shuffle(self, items):
        """Shuffles a list in place; leaves it as it is when the stream has run out."""
        for i in range(len(items) - 1):
            j = self.integer(i, len(items) - 1)
            items[i], items[j] = items[j], items[i]

    def boolean(self):
        """True or False; False when the stream has run out."""
        return self.integer(0, 1) == 1


_stdin = None


def _default():
    global _stdin
    if _stdin is None:
        _stdin = Choices()
    return _stdin


def integer(lo, hi):
    return _default().integer(lo, hi)


def choice(items):
    return _default().choice(items)


def shuffle(items):
    _default().shuffle(items)


def boolean():
    return _default().boolean()
