"""CLI fuzz at scale: random argument vectors for every subcommand, counted by exit code.

The suite's ``tests/app/test_cli_fuzz.py`` draws 60 seeded vectors per subcommand; this script draws
``--examples`` per subcommand with the same strategy (every option of the parser, edge-case values
and each option's own words) and prints, per subcommand, how many exited 0, exited 2 with one line,
were stopped where a slow command would start working (``bench``'s suite, ``screenshot``'s
rendering, ``step``'s trace), exited with any other code, or printed a traceback. Target: 0
tracebacks and 0 other exits (issue 19).

    python benchmarks/cli_fuzz.py --examples 1000
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Never the person's own files: ``calibration --set``, ``--out`` and the rest write under a fresh
# folder, as the suite's conftest arranges for the tests.
_HOME = tempfile.mkdtemp(prefix="napkinlab-fuzz-home-")
os.environ["NAPKINLAB_CONFIG_DIR"] = os.path.join(_HOME, "config")
os.environ["NAPKINLAB_DATA_DIR"] = os.path.join(_HOME, "data")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_HOME, "xdg")


def main() -> int:
    """Fuzz every subcommand; print one row each and the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=300, help="vectors per subcommand")
    parser.add_argument("--only", default="", help="comma-separated subcommands (default: all)")
    args = parser.parse_args()

    import test_cli_fuzz as fuzz_test

    import app.cli as cli
    import app.cli.screenshot_cmd as screenshot_cmd
    import core.bench.suites as suites
    import core.plan.validation as validation
    import core.step.hf_build as hf_build
    import core.step.trace as step_trace

    real_trace = (step_trace.trace_config, hf_build.trace_hf_config)
    suites.run_suite = fuzz_test._stop
    screenshot_cmd.render_tab = fuzz_test._stop
    validation.check_runs = fuzz_test._stop  # plan --published plans all 68 runs
    work = Path(tempfile.mkdtemp(prefix="napkinlab-fuzz-"))
    (work / "files").mkdir()
    files = fuzz_test.make_files(work / "files")
    os.chdir(work)  # a relative --out or --csv lands here
    commands = [c for c in fuzz_test.COMMANDS if not args.only or c in args.only.split(",")]
    totals: collections.Counter[str] = collections.Counter()
    started = time.perf_counter()
    print(f"{'command':<12}{'vectors':>9}{'exit 0':>9}{'exit 2':>9}{'stopped':>9}{'other':>7}"
          f"{'traceback':>11}{'seconds':>9}")  # fmt: skip
    for command in commands:
        step_trace.trace_config, hf_build.trace_hf_config = real_trace
        if command == "step":
            step_trace.trace_config = hf_build.trace_hf_config = fuzz_test._stop
        sub = next(a for a in cli.build_parser(command)._actions
                   if isinstance(a, argparse._SubParsersAction))  # fmt: skip
        counts: collections.Counter[str] = collections.Counter()
        first: list[str] = []

        fuzz = _fuzzer(args.examples, command, sub, files, counts, first, fuzz_test)
        t0 = time.perf_counter()
        fuzz()
        n = sum(counts.values())
        totals.update(counts)
        totals["vectors"] += n
        print(f"{command:<12}{n:>9,}{counts['exit 0']:>9,}{counts['exit 2']:>9,}"
              f"{counts['stopped']:>9,}{counts['other']:>7,}{counts['traceback']:>11,}"
              f"{time.perf_counter() - t0:>9.1f}")  # fmt: skip
        for line in first[:3]:
            print(f"    {line[:200]}" if len(line) < 400 else f"    {line[:120]} … {line[-250:]}")
    print(f"{'all':<12}{totals['vectors']:>9,}{totals['exit 0']:>9,}{totals['exit 2']:>9,}"
          f"{totals['stopped']:>9,}{totals['other']:>7,}{totals['traceback']:>11,}"
          f"{time.perf_counter() - started:>9.1f}")  # fmt: skip
    return 0 if not totals["other"] and not totals["traceback"] else 1


def _fuzzer(examples, command, sub, files, counts, first, fuzz_test):
    """One subcommand's hypothesis run, counting each vector's outcome into ``counts``."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(st.data())
    def fuzz(data: st.DataObject) -> None:
        argv = [command, *fuzz_test._argv(data.draw, sub.choices[command], files, {"trace"})]
        code, _out, err = fuzz_test.run_quietly(argv)
        if "Traceback" in err:
            counts["traceback"] += 1
            first.append(" ".join(argv))
        elif code == "validated":
            counts["stopped"] += 1
        elif code in (0, 2):
            counts[f"exit {code}"] += 1
        else:
            counts["other"] += 1
            first.append(f"{code}: {' '.join(argv)} -> {err.strip()[-200:]}")

    return fuzz


if __name__ == "__main__":
    raise SystemExit(main())
