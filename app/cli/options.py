"""Every option a person gives is validated, or refused for the mode that ignores it.

Two shared mechanisms for every subcommand:

* :func:`checked` makes an argparse ``type`` out of a core validator, so a value is checked when it
  is parsed, whatever mode the other options choose: ``comm --op all-reduce --bytes 1e9 --tokens
  abc`` fails on ``--tokens`` although the collective never reads it. Defaults given as text pass
  through the same validator.
* :func:`refuse_unused` lists the options given on the command line (:func:`given`, which
  ``app.cli`` records on the namespace as ``_given``) that the chosen mode does not read, and
  refuses them by name: ``--mfu is not used by comm with --bytes``.

Both raise :class:`~core.errors.InputError` (one stderr line, exit 2).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from core.errors import InputError

__all__ = ["checked", "given", "refuse_unused"]


def checked(validator: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[str], Any]:
    """An argparse ``type``: ``validator(text, *args, **kwargs)``; its error becomes the parser's.

    >>> from core.validate import positive_int
    >>> checked(positive_int, "--gpus", high=8)("4")
    4
    """

    def convert(text: str) -> Any:
        try:
            return validator(text, *args, **kwargs)
        except InputError as exc:
            raise argparse.ArgumentTypeError(exc.message) from None

    convert.__name__ = getattr(validator, "__name__", "value")
    return convert


def _parsers(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[argparse.ArgumentParser]:
    """The parser and the subparsers ``argv`` selects (``napkinlab napkin tensor``: three)."""
    chain = [parser]
    current = parser
    for token in argv:
        subs = [a for a in current._actions if isinstance(a, argparse._SubParsersAction)]
        if subs and token in subs[0].choices:
            current = subs[0].choices[token]
            chain.append(current)
    return chain


def given(parser: argparse.ArgumentParser, argv: Sequence[str]) -> frozenset[str]:
    """The ``dest`` of every option that ``argv`` gives explicitly (abbreviations resolved)."""
    found: set[str] = set()
    chain = _parsers(parser, argv)
    strings: dict[str, str] = {}
    for p in chain:
        for action in p._actions:
            for option in action.option_strings:
                strings[option] = action.dest
    for token in argv:
        if token == "--":
            break
        if not token.startswith("-") or token == "-":
            continue
        name = token.split("=", 1)[0]
        if name in strings:
            found.add(strings[name])
            continue
        matches = {dest for option, dest in strings.items() if option.startswith(name)}
        if len(matches) == 1 and name.startswith("--"):
            found.update(matches)
    return frozenset(found)


def refuse_unused(
    args: argparse.Namespace, used: Iterable[str], mode: str, always: Iterable[str] = ()
) -> None:
    """Refuse an option the person gave that ``mode`` does not read.

    Parameters
    ----------
    used
        The ``dest`` names the mode reads.
    mode
        How the mode is named in the message (``comm with --bytes``).
    always
        Options every mode reads (``json``, ``device``…).
    """
    reads = {*used, *always, "handler", "command"}
    extra = sorted(d for d in getattr(args, "_given", ()) if d not in reads)
    if extra:
        names = ", ".join("--" + d.replace("_", "-") for d in extra)
        raise InputError(
            f"{names}: not used by {mode}; leave {'them' if len(extra) > 1 else 'it'} out (or "
            "choose the mode that reads it)"
        )
