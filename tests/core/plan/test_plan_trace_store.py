"""The plan's layer traces kept on disk (:mod:`core.plan.trace_store`): read back exactly as
traced, ignored when damaged or another key's, and never in the way of a plan."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from core.memory.recipes import recipe
from core.plan import ops as plan_ops
from core.plan import trace_store
from tests.core.plan.conftest import SMALL


@pytest.fixture()
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("NAPKINLAB_PLAN_TRACE_DIR", str(tmp_path / "plan-traces"))
    plan_ops._traces.cache_clear()
    yield tmp_path / "plan-traces"
    plan_ops._traces.cache_clear()


def _ops():
    return plan_ops.layer_ops(SMALL, 128, recipe("bf16"))


def _key(seq: int = 128):
    # the shape layer_ops traces: two layers, no name, the sequence of the plan
    shape = replace(SMALL, layers=2, name="", seq=seq, window=0, window_layers=0).with_layers(2)
    return trace_store.trace_key(shape, seq, recipe("bf16"), True, False)


def test_a_kept_trace_reads_back_op_for_op(store) -> None:
    fresh = _ops()
    files = list(store.glob("slot-*.json"))
    assert len(files) == 1  # one shape, one entry
    plan_ops._traces.cache_clear()
    kept = _ops()
    assert kept.ops == fresh.ops  # every field, the GEMM shapes' ints included
    assert [type(v) for op in kept.ops for v in (op.dims or ())] == [
        type(v) for op in fresh.ops for v in (op.dims or ())
    ]
    assert kept.trace_seconds == fresh.trace_seconds  # the original trace's time
    key = _key()
    assert key is not None and trace_store.load_ops(key, plan_ops.PlanOp) is not None
    # another shape is another key: not read from this entry
    assert trace_store.load_ops(_key(256), plan_ops.PlanOp) is None


@pytest.mark.parametrize("damage", [b"", b"{not json", b"[1, 2]", b'{"key": 1}', b"\xff\xfe"])
def test_a_damaged_entry_is_traced_again_and_replaced(store, damage: bytes) -> None:
    fresh = _ops()
    (path,) = store.glob("slot-*.json")
    path.write_bytes(damage)
    key = _key()
    assert trace_store.load_ops(key, plan_ops.PlanOp) is None
    plan_ops._traces.cache_clear()
    assert _ops().ops == fresh.ops
    assert json.loads(path.read_text(encoding="utf-8"))["key"] == key  # replaced whole


def test_an_entry_of_other_code_is_not_read(store) -> None:
    _ops()
    (path,) = store.glob("slot-*.json")
    entry = json.loads(path.read_text(encoding="utf-8"))
    entry["key"]["tracer"]["code"] = "0" * 64  # as if core/ had changed since
    path.write_text(json.dumps(entry), encoding="utf-8")
    key = _key()
    assert trace_store.load_ops(key, plan_ops.PlanOp) is None


def test_a_folder_that_cannot_be_written_does_not_stop_the_plan(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("NAPKINLAB_PLAN_TRACE_DIR", str(blocker / "plan-traces"))
    plan_ops._traces.cache_clear()
    try:
        assert _ops().ops
    finally:
        plan_ops._traces.cache_clear()
