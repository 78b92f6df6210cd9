"""The ``napkinlab`` command: subcommands over the same core as the GUI; no subcommand opens it.

Each subcommand lives in its own module exposing ``register(subparsers)``, which adds a parser whose
``handler`` default is ``handler(args) -> int``.

Exit codes, for every subcommand: 0 done (``--help`` and ``--version`` too); 2 bad input, one line on
stderr (an unknown option, a value out of range, a file that cannot be read or written); 1 a bug, one
line on stderr (``NAPKINLAB_DEBUG=1`` shows the traceback). Only ``napkinlab`` with no argument at
all opens the app; anything else is parsed, so ``napkinlab --json devices`` is an error, not a window.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence

from core.echo import brief
from core.errors import InputError

__all__ = ["entry", "main"]

#: Subcommand modules, in the order ``--help`` lists them; a module's name minus ``_cmd`` is its
#: subcommand (``app.cli.napkin_cmd`` -> ``napkinlab napkin``).
COMMANDS: tuple[str, ...] = (
    "app.cli.devices_cmd",
    "app.cli.dtype_cmd",
    "app.cli.einops_cmd",
    "app.cli.strides_cmd",
    "app.cli.roofline_cmd",
    "app.cli.memory_cmd",
    "app.cli.napkin_cmd",
    "app.cli.comm_cmd",
    "app.cli.step_cmd",
    "app.cli.plan_cmd",
    "app.cli.inference_cmd",
    "app.cli.calibration_cmd",
    "app.cli.bench_cmd",
    "app.cli.screenshot_cmd",
    "app.cli.doctor_cmd",
)

VERSION = "napkinlab 0.1.0"

#: Arguments that are values, not options, although they start with ``-``: ``--params -1``,
#: ``--peak -5e14``, ``dtype float16 -inf``. Validators then say what range is allowed.
_NEGATIVE_VALUE = re.compile(r"^-(?:\d|\.\d|inf(?:inity)?$|nan$)", re.IGNORECASE)


def _command_name(module: str) -> str:
    return module.rsplit(".", 1)[-1].removesuffix("_cmd")


class UsageError(Exception):
    """Raised by the parser instead of printing usage and exiting."""


#: An option's help that already says its default in its own words ("(default: the model's)",
#: "(default 1 KiB)"); argparse itself skips a help with ``%(default)s``.
_OWN_DEFAULT = re.compile(r"\(default[ :]")


class _HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Help that names each option's default once, and only where the default tells something.

    argparse's own formatter appends ``(default: X)`` to every option: ``(default: None)`` to a
    required one or one that is simply absent, ``(default: False)`` to every flag, and a second
    default after a help text that already explains it (``(default: the model's) (default:
    None)``). Here a flag, a required option, an empty default and a help that names its
    default itself get none; every other option still shows argparse's ``(default: X)``.
    """

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            _OWN_DEFAULT.search(text)
            or action.required
            or isinstance(action, argparse._StoreConstAction)  # store_true/false/const: flags
            or default is None
            or (isinstance(default, str | list | tuple | dict) and not default)
        ):
            return text
        return super()._get_help_string(action)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:  # help shows every default that says something
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = _NEGATIVE_VALUE

    def error(self, message: str) -> None:  # type: ignore[override]
        # "argument --tokens: --tokens: 'abc' is not a number" says the name once
        message = re.sub(r"^argument (\S+): \1: ", r"\1: ", message)
        raise UsageError(f"{self.prog}: error: {message}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; ``only`` registers just that subcommand (a faster start)."""
    parser = _Parser(
        prog="napkinlab",
        description="Napkin Lab: resource accounting for deep learning. Run without arguments to "
        "open the app; options go after the subcommand (napkinlab devices --json).",
    )
    parser.add_argument("--version", action="version", version=VERSION)
    subparsers = parser.add_subparsers(dest="command", metavar="SUBCOMMAND", parser_class=_Parser)
    known = [m for m in COMMANDS if _command_name(m) == only] or COMMANDS
    for name in known:
        importlib.import_module(name).register(subparsers)
    return parser


def _subcommand(args_in: list[str]) -> str | None:
    """The first argument that names a subcommand (``None`` when there is none)."""
    names = {_command_name(m) for m in COMMANDS}
    return next((a for a in args_in if a in names), None)


def _misplaced_option(args_in: list[str], command: str | None) -> str | None:
    """An option typed before the subcommand (``napkinlab --json devices``), if any."""
    for arg in args_in:
        if arg == command or arg == "--":
            return None
        if arg.startswith("-") and arg not in ("-h", "--help", "--version"):
            return arg
    return None


def _parse_and_run(args_in: list[str]) -> int:
    command = _subcommand(args_in)
    misplaced = _misplaced_option(args_in, command)
    if misplaced is not None:
        where = f"napkinlab {command} {misplaced}" if command else "napkinlab SUBCOMMAND OPTIONS"
        raise UsageError(
            f"napkinlab: error: unknown option {brief(misplaced)} before the subcommand; options go "
            f"after it ({where}); see napkinlab --help"
        )
    parser = build_parser(command)
    args = parser.parse_args(args_in)
    from app.cli.options import given

    args._given = given(parser, args_in)  # what was typed, for the modes that refuse the rest
    if args.command is None:
        raise UsageError(
            "napkinlab: error: give a SUBCOMMAND (see napkinlab --help), or no argument"
        )
    return int(args.handler(args))


def _one_line(text: str) -> str:
    from core.echo import cut_line

    return cut_line(str(text))


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``napkinlab`` with ``argv`` (``sys.argv[1:]`` by default); returns the exit code."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    if not args_in:
        from app.gui import run_gui

        return run_gui([])
    _hub_progress()
    try:
        code = _parse_and_run(args_in)
        sys.stdout.flush()  # a full disk or closed pipe behind stdout is reported here, not at exit
        return code
    except SystemExit as exc:  # --help, --version: argparse printed and asked to exit
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    except UsageError as exc:
        print(_one_line(str(exc)), file=sys.stderr)
        return 2
    except InputError as exc:
        print(f"napkinlab: error: {_one_line(exc.message)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except (OSError, UnicodeError) as exc:  # a file named on the command line: unreadable, full
        print(f"napkinlab: error: {_file_problem(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("napkinlab: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug, not bad input: one line, the traceback only on request
        import os

        if os.environ.get("NAPKINLAB_DEBUG"):
            raise
        print(
            f"napkinlab: internal error: {type(exc).__name__}: {_one_line(str(exc))} "
            "(set NAPKINLAB_DEBUG=1 for the traceback, and please report it)",
            file=sys.stderr,
        )
        return 1


def _file_problem(exc: OSError | UnicodeError) -> str:
    """``cannot write /dev/full: No space left on device`` from an ``OSError`` (or a decode error)."""
    if isinstance(exc, UnicodeError):
        return f"a file is not valid UTF-8 text ({_one_line(str(exc))}); save it as UTF-8"
    reason = exc.strerror or _one_line(str(exc)) or type(exc).__name__
    if exc.filename is None:  # raised while flushing: stdout, or the file being written
        return f"cannot write the output: {reason}"
    return f"{exc.filename}: {reason}"


def _stderr_handler_class() -> type:
    import logging

    class StderrNow(logging.Handler):
        """Writes ``napkinlab: …`` to whatever ``sys.stderr`` is when a record comes (a test's
        capture, a redirected stream), not the stream of the start."""

        def emit(self, record: logging.LogRecord) -> None:
            sys.stderr.write(f"napkinlab: {record.getMessage()}\n")
            sys.stderr.flush()

    return StderrNow


def _hub_progress() -> None:
    """Say on stderr what a Hub download does while it runs (core's ``napkinlab.hub`` logger:
    "fetching the config.json of …", "saved …"), once per process."""
    import logging

    logger = logging.getLogger("napkinlab.hub")
    if not any(getattr(h, "napkinlab_stderr", False) for h in logger.handlers):
        handler = _stderr_handler_class()()
        handler.napkinlab_stderr = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False


def _quiet_third_parties() -> None:
    """Keep libraries' own lines off stderr, which carries only ours (the exit contract).

    Python warnings from libraries (a ``UserWarning`` of torch, a ``FutureWarning``) and log
    records of loggers without a handler (which ``logging`` would print as a last resort) go
    nowhere; ``NAPKINLAB_DEBUG=1`` keeps them. Loggers with their own handlers (transformers)
    are captured where they are called (:mod:`core.quiet`), C code's prints around the call
    that makes them (torch's profiler).
    """
    import logging
    import os
    import warnings

    if os.environ.get("NAPKINLAB_DEBUG"):
        return
    warnings.simplefilter("ignore")
    logging.lastResort = logging.NullHandler()


def entry() -> None:
    """Console-script entry: run :func:`main` and exit with its code.

    After ``screenshot``, which has written and closed its file, the process ends at once instead of
    tearing down every Qt object one by one (saves ~50-100 ms for scripts that render many figures).
    Such a process also never runs Python's automatic cycle collection: nearly everything it
    makes lives until that end, and scanning it is time lost (a last full scan alone, when
    :func:`~app.cli.screenshot_cmd.render_tab` would turn collection back on, costs ~25 ms).
    """
    one_picture = sys.argv[1:2] == ["screenshot"]
    if one_picture:
        import gc

        gc.disable()
    _quiet_third_parties()
    code = main()
    if one_picture:
        import os

        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)
