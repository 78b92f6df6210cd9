"""Every layout a published run used is in the search space of its input (issue 38, item 6)."""

from __future__ import annotations

import pytest

from core.plan.inputs import Constraints
from core.plan.published import load_runs, run_input
from core.plan.search import layouts

_STATED = ("tp", "pp", "vpp", "cp", "sp", "zero", "micro_batch", "recompute")


def _published(run: dict) -> dict[str, object]:
    """The run's stated dimensions, as :func:`run_input` reads them (its ZeRO under a pipeline)."""
    _, fixed, _ = run_input(run)
    out = {k: getattr(fixed, k) for k in _STATED if getattr(fixed, k) is not None}
    if out.get("tp") == 1:
        out["sp"] = False  # no sequence parallelism without TP (check_layout drops it too)
    return out


@pytest.mark.parametrize("run", load_runs(), ids=lambda r: r["id"])
def test_published_layout_is_searched(run: dict) -> None:
    inp, _, _ = run_input(run)
    stated = _published(run)
    mb = int(stated.get("micro_batch", 1))
    # Unconstrained but for the micro-batch bound (a run's micro-batch may exceed the default 16)
    # and TP, which a search bounds by a node's GPUs as every published run does.
    found = layouts(inp, Constraints(max_micro_batch=max(16, mb), tp=int(stated["tp"])))
    assert any(all(getattr(lay, k) == v for k, v in stated.items()) for lay in found), stated


def test_llama3_405b_runs_on_eight_chunks_of_one_layer() -> None:
    """Llama 3 §3.3.2: 126 layers on PP 16 whose first chunk holds only the embedding and last
    only the output layer: 16 × 8 chunks of one layer, 2 of them empty. The search offers it."""
    run = next(r for r in load_runs() if r["id"] == "llama3-405b-8k-8192gpu")
    inp, _, _ = run_input(run)
    found = layouts(inp, Constraints(tp=8, pp=16, cp=1, zero=1, micro_batch=1, recompute="none"))
    assert 8 in {lay.vpp for lay in found}
