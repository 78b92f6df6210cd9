"""Every read and write of a file in core/, app/ and widgets/ goes through core.safe_io (issue 19
item 11): a grep for Python's and numpy's own file access, with a short allow-list of reasons.

core.safe_io opens only regular files, without blocking on a FIFO, checks sizes and headers before
allocating, and writes atomically; any other file access skips those checks.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: File access that is not core.safe_io's: builtin and os/io opens, pathlib's read/write helpers,
#: json/numpy/pickle/torch loaders and savers, temporary files, copies, renames and removals.
PATTERNS = re.compile(
    r"(?<![\w.])open\(|\.open\(|\.read_text\(|\.write_text\(|\.read_bytes\(|\.write_bytes\("
    r"|\bnp\.(?:load|save|savez\w*|fromfile|loadtxt|genfromtxt|memmap)\(|\.tofile\("
    r"|\bjson\.(?:load|dump)\(|\bos\.(?:open|fdopen|replace|rename|remove|unlink)\("
    r"|\.unlink\(|\bshutil\.(?:copy\w*|move)\(|\btempfile\.|\bpickle\.|\btorch\.(?:load|save)\("
    r"|\bio\.open\(|\bQFile\("
)

#: (file, text on the line) -> why it may bypass core.safe_io. Keep it short.
ALLOWED: dict[tuple[str, str], str] = {
    ("app/export.py", "buffer.open(QIODevice"): "an in-memory QBuffer, written by atomic_write",
    ("core/quiet.py", "os.open(os.devnull"): "/dev/null, to silence file descriptor 2",
    ("core/step/prefetch.py", "os.open(os.devnull"): "/dev/null, a forked child's std streams",
    ("core/step/prefetch.py", "os.fdopen(write_end"): "a pipe's end (a child's progress), no file",
    ("core/step/prefetch.py", "os.fdopen(read_end"): "a pipe's end (a child's progress), no file",
    ("core/bench/data_path.py", 'with open(path, "wb") as out:'):
        "the data-path benchmark's own token file, in a temporary folder it made",
    ("core/bench/data_path.py", "np.memmap(path"):
        "the memory-mapped read is what the data-path benchmark measures (its own file)",
    ("core/bench/data_path.py", 'tempfile.mkdtemp(prefix="napkinlab-data-"'):
        "the data-path benchmark's temporary folder, removed after the run",
    ("app/tabs/napkin_checkpoint.py", "f'torch.save({{"):
        "text shown on the checkpoint card, not a call",
}  # fmt: skip
#: Files that are themselves the mechanism, or developer tools over the repository's own files.
EXEMPT = {
    "core/safe_io.py": "the mechanism itself",
    "app/translations.py": "developer tool: maintains the repository's .ts/.qm catalogs",
    "app/docs_figures.py": "developer tool: checks and rewrites the figures in README and docs/",
}


def _hits() -> list[str]:
    found = []
    for folder in ("core", "app", "widgets"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in EXEMPT:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                if not PATTERNS.search(code) or code.strip().startswith(('"', "'", "``")):
                    continue
                if any(rel == f and text in code for f, text in ALLOWED):
                    continue
                found.append(f"{rel}:{number}: {line.strip()}")
    return found


def test_no_file_access_bypasses_safe_io() -> None:
    hits = _hits()
    assert not hits, "use core.safe_io for:\n" + "\n".join(hits)


def test_the_allow_list_is_still_needed() -> None:
    for (rel, text), _why in ALLOWED.items():
        assert text in (ROOT / rel).read_text(encoding="utf-8"), (rel, text)
