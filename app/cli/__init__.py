"""The ``napkinlab`` command: subcommands over the same core as the GUI; no subcommand opens it.

Each subcommand lives in its own module exposing ``register(subparsers)``, which adds a parser whose
``handler`` default is ``handler(args) -> int``. Bad arguments print one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from core.errors import InputError

__all__ = ["entry", "main"]

#: Subcommand modules, in the order ``--help`` lists them; a module's name minus ``_cmd`` is its
#: subcommand (``app.cli.napkin_cmd`` -> ``napkinlab napkin``).
COMMANDS: tuple[str, ...] = (
    "app.cli.devices_cmd",
    "app.cli.dtype_cmd",
    "app.cli.einops_cmd",
    "app.cli.roofline_cmd",
    "app.cli.memory_cmd",
    "app.cli.napkin_cmd",
    "app.cli.comm_cmd",
    "app.cli.step_cmd",
    "app.cli.bench_cmd",
    "app.cli.screenshot_cmd",
)


def _command_name(module: str) -> str:
    return module.rsplit(".", 1)[-1].removesuffix("_cmd")


class UsageError(Exception):
    """Raised by the parser instead of printing usage and exiting."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; ``only`` registers just that subcommand (a faster start)."""
    parser = _Parser(
        prog="napkinlab",
        description="Napkin Lab: resource accounting for deep learning. Run without a subcommand to "
        "open the app.",
    )
    parser.add_argument("--version", action="version", version="napkinlab 0.1.0")
    subparsers = parser.add_subparsers(dest="command", metavar="SUBCOMMAND", parser_class=_Parser)
    known = [m for m in COMMANDS if _command_name(m) == only] or COMMANDS
    for name in known:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``napkinlab`` with ``argv`` (``sys.argv[1:]`` by default); returns the exit code."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    if not args_in or (
        args_in[0].startswith("-") and args_in[0] not in ("-h", "--help", "--version")
    ):
        from app.gui import run_gui

        return run_gui(args_in)
    try:
        args = build_parser(args_in[0]).parse_args(args_in)
        if args.command is None:
            from app.gui import run_gui

            return run_gui([])
        return int(args.handler(args))
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except InputError as exc:
        print(f"napkinlab: error: {exc.message}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("napkinlab: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug, not bad input: one line, the traceback only on request
        import os

        if os.environ.get("NAPKINLAB_DEBUG"):
            raise
        print(
            f"napkinlab: internal error: {type(exc).__name__}: {exc} "
            "(set NAPKINLAB_DEBUG=1 for the traceback, and please report it)",
            file=sys.stderr,
        )
        return 1


def entry() -> None:
    """Console-script entry: run :func:`main` and exit with its code.

    After ``screenshot``, which has written and closed its file, the process ends at once instead of
    tearing down every Qt object one by one (saves ~50-100 ms for scripts that render many figures).
    """
    code = main()
    if sys.argv[1:2] == ["screenshot"]:
        import os

        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)
