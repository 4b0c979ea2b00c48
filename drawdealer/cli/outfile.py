"""Where ``convert -o OUT`` writes, so that it never destroys what it should not (issues 15 and 25).

- OUT may not be the input: the same file, however named (a symbolic or hard link, or standard
  input redirected from it: ``convert - -o f.phhs < f.phhs`` read the file it was emptying).
- An OUT that exists is written only with ``--force``; a folder never.
- Only a regular file is replaced by renaming a new one over it: the text goes to a temporary file
  beside it, renamed at the end (``cli/atomic.py``), so a failed run leaves it as it was. A name not
  yet taken is written the same way.
- A character device or a FIFO is written into directly, without a temporary file: renaming a file
  over ``/dev/null`` turned the device into a plain file. A block device or a socket is refused.
- A symbolic link is followed: its target is written as above (a file replaced, a device written
  into, a name the link points to created) and the link stays a link, as a shell's ``>`` does.
- Nothing is written before the first hand is converted: a run that converts no hand leaves OUT
  as it was.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from drawdealer import inputs


class Refused(ValueError):
    """OUT may not be written; the message says why (``is a directory``)."""


class InputFailed(Exception):
    """Reading the input failed while OUT was being written (``cause``: the ``OSError``)."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(cause)
        self.cause = cause


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _input_stat(source: Path) -> os.stat_result | None:
    """What the input is on disk: standard input's own file for ``-`` (a file it was redirected
    from), else the file named; None when it cannot be looked at (reading it says why)."""
    try:
        return os.fstat(0) if str(source) == inputs.STDIN else os.stat(source)
    except OSError:
        return None


def check(source: Path, out: Path, *, force: bool) -> Path:
    """The file ``convert`` writes for ``-o out`` (``out`` itself, or the target of the link it is),
    after the refusals of the module docstring; raises :class:`Refused` or ``OSError``."""
    target = Path(os.path.realpath(out)) if out.is_symlink() else out
    try:
        there = os.stat(target)
    except FileNotFoundError:
        return target
    given = _input_stat(source)
    if given is not None and _same(there, given):
        name = "standard input" if str(source) == inputs.STDIN else str(source)
        raise Refused(f"is the input {name} itself; write the conversion to another file")
    if stat.S_ISDIR(there.st_mode):
        raise Refused("is a directory")
    if stat.S_ISBLK(there.st_mode) or stat.S_ISSOCK(there.st_mode):
        raise Refused(f"is {inputs.kind_of(there.st_mode)}: not written")
    if not force:
        raise Refused("already exists; use --force to replace it")
    return target


def write(target: Path, chunks: Iterable[str]) -> bool:
    """Write ``chunks`` to ``target`` as the module docstring says; False, and nothing touched, when
    there is none. An ``OSError`` of the writing is raised as it is, one of the reading (the chunks
    are made from the input as they are written) as :class:`InputFailed`."""
    rest = _reading(chunks)
    first = next(rest, None)
    if first is None:
        return False
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = 0
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        with open(target, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(first)
            for chunk in rest:
                handle.write(chunk)
        return True
    from drawdealer.cli.atomic import replacing

    with replacing(target) as handle:
        handle.write(first)
        for chunk in rest:
            handle.write(chunk)
    return True


def _reading(chunks: Iterable[str]) -> Iterator[str]:
    """``chunks``, an ``OSError`` of making them raised as :class:`InputFailed`."""
    it = iter(chunks)
    while True:
        try:
            chunk = next(it)
        except StopIteration:
            return
        except OSError as exc:
            raise InputFailed(exc) from exc
        yield chunk
