"""Which test files a parallel run starts first: the long ones, longest first.

With ``-n auto --dist loadfile`` each worker takes the next whole file from one queue when it runs
out of work. xdist's own queue puts the files with the most tests first, so a long file with
few tests came last: the seeded GUI monkey (one test, ~40 s) often ran alone on one core at the
end while the other core had finished, and the docs' figures (160 tests) and the published runs'
checks (130 tests) started together, each tracing the same sixty published shapes cold. Here
(``--no-loadscope-reorder`` in ``pyproject.toml``; :func:`order_files`, called by ``conftest.py``)
the files of :data:`SECONDS` go first, longest first, and every other file after them in the
order pytest-randomly shuffled it: the cores end within a few seconds of each other, and the docs'
figures, first in the queue, have traced the published runs (``plan --published``, kept for the
whole run by ``conftest.py``'s ``_shared_plan_traces``) long before the other files that plan
them again (``test_published_runs.py``, ``test_plan_uncertainty.py``) start.

Only the order of whole files changes, and only in xdist's workers (``-n 0`` keeps
pytest-randomly's order); the tests in a file keep theirs. A file missing from the table, or
a figure gone stale, costs time, never a result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

#: Worker-seconds of the longest test files on a 2-core CI machine (``--durations=0``, summed per
#: file, setup and teardown included); files that replan the published runs at their cost with
#: the traces on disk. Refresh from a ``--durations=0`` run when a file's time changes much.
SECONDS: dict[str, float] = {
    "tests/test_docs_figures.py": 92,  # first: traces the published runs for the files below
    "tests/app/test_layout_fit_zh.py": 63,
    "tests/app/test_layout_fit.py": 51,
    "tests/app/test_plan_tab.py": 33,
    "tests/app/test_export_vector.py": 32,
    "tests/app/test_stderr_contract.py": 32,
    "tests/app/test_mode_toggles.py": 31,
    "tests/app/test_gui_monkey.py": 31,
    "tests/app/test_roofline_labels.py": 25,
    "tests/app/test_translations.py": 22,
    "tests/app/test_rebuilt_tabs.py": 22,
    "tests/core/memory/test_memory_hardening.py": 21,
    "tests/app/test_roofline_tab.py": 20,
    "tests/app/test_collectives_bench.py": 19,
    "tests/app/test_cli_fuzz.py": 17,
    "tests/core/plan/test_plan_uncertainty.py": 16,  # the published runs traced
    "tests/app/test_layout_fit_presentation.py": 16,
    "tests/core/step/test_prefetch.py": 16,
    "tests/app/test_memory_chart_layout.py": 15,
    "tests/core/test_collect.py": 15,
    "tests/core/checkpoint/test_checkpoint_bytes.py": 14,
    "tests/core/memory/test_memory_trace.py": 14,
    "tests/app/test_session_fuzz.py": 14,
    "tests/core/step/test_step_cache.py": 13,
    "tests/app/test_hub_row_fit.py": 12,
    "tests/app/test_i18n_window.py": 11,
    "tests/app/test_gui_smoke.py": 11,
    "tests/core/plan/test_published_runs.py": 11,  # the published runs traced
    "tests/app/test_model_box_config_file.py": 10,
    "tests/core/step/test_step_mfu_hfu.py": 10,
    "tests/app/test_early_quit.py": 9,
    "tests/app/test_main_window.py": 9,
    "tests/core/step/test_trace_one_pass.py": 9,
    "tests/app/test_memory_tab.py": 8,
    "tests/test_hypothesis_order.py": 8,
    "tests/app/test_state_files_app.py": 7,
    "tests/app/test_inference_tab.py": 7,
}


class _Item(Protocol):
    nodeid: str


def file_of(item: _Item) -> str:
    """The test file of an item, as :data:`SECONDS` names it (relative to the root, ``/``)."""
    return item.nodeid.split("::", 1)[0]


def order_files(items: Sequence[_Item]) -> list[_Item]:
    """``items`` with the files of :data:`SECONDS` first, longest first, then the others in the
    order they come; each file's tests together, in their order."""
    first: dict[str, int] = {}
    for item in items:
        first.setdefault(file_of(item), len(first))
    return sorted(items, key=lambda item: (-SECONDS.get(file_of(item), 0.0), first[file_of(item)]))
