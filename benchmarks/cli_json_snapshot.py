"""Snapshot of the README's example CLI commands' ``--json`` output, to prove a refactor changed none.

Runs every README example that prints JSON (skipping ``bench`` and ``screenshot``, whose output
depends on the machine and the clock) and writes ``{command: stdout}`` as JSON. Run it before and
after a change and compare the two files byte for byte::

    python benchmarks/cli_json_snapshot.py before.json
    python benchmarks/cli_json_snapshot.py after.json && cmp before.json after.json
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP = ("napkinlab bench", "napkinlab screenshot")
#: Wall-clock fields (how long the trace took here), masked: they differ on every run.
CLOCK_FIELDS = (("trace", "seconds"),)


def mask_clocks(stdout: str) -> str:
    """The output with its wall-clock fields replaced by ``"<clock>"`` (text left as it is)."""
    try:
        data = json.loads(stdout)
    except ValueError:
        return stdout
    for outer, inner in CLOCK_FIELDS:
        if isinstance(data, dict) and isinstance(data.get(outer), dict) and inner in data[outer]:
            data[outer][inner] = "<clock>"
    return json.dumps(data, indent=2)


def readme_commands() -> list[str]:
    """The ``napkinlab ... --json`` lines of the README's CLI block, in order."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    found = []
    for line in lines:
        cmd = line.split("   #")[0].strip()
        if re.match(r"^napkinlab \w", cmd) and "--json" in cmd and not cmd.startswith(SKIP):
            found.append(cmd)
    return found


def main(out: str) -> int:
    results = {}
    for cmd in readme_commands():
        argv = [sys.executable, "-m", "app", *shlex.split(cmd)[1:]]
        proc = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=600)
        results[cmd] = {"rc": proc.returncode, "stdout": mask_clocks(proc.stdout)}
        print(f"{proc.returncode}  {cmd}")
    Path(out).write_text(json.dumps(results, indent=1, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "cli_snapshot.json"))
