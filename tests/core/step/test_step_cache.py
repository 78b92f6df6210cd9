"""The Step trace cache (core.step.cache): a cached trace is the fresh trace, op for op; a stale,
foreign or damaged entry is never shown; a hit needs no torch; the folder stays bounded."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from core.memory import MemoryConfig, parse_model, recipe
from core.memory.recipes import optimizer

pytest.importorskip("torch")

from core.step import cache
from core.step.trace import trace_config
from core.texts import Text

ROOT = Path(__file__).resolve().parents[3]
MODEL = "transformer:d=32,layers=2,heads=4,ffn=64,vocab=96,seq=8"
#: Trained on 8 rotary positions, traced at 12: the trace carries a (translatable) warning.
CONTEXT = 8


def _cfg(batch: int = 2) -> MemoryConfig:
    spec = dataclasses.replace(parse_model(MODEL), context=CONTEXT)
    return MemoryConfig(
        spec, batch=batch, seq=12, recipe=recipe("bf16"), optimizer=optimizer("adamw")
    )


def _ops(trace) -> list[tuple]:
    """The ops, with autograd's sequence numbers as their ranks: those numbers come from a
    process-wide counter, so a second trace in one process numbers the same nodes higher
    (tests/core/step/test_trace_one_pass.py compares traces the same way)."""
    rank = {n: i for i, n in enumerate(sorted({op.seq_nr for op in trace.ops}))}
    return [
        dataclasses.astuple(dataclasses.replace(op, seq_nr=rank[op.seq_nr])) for op in trace.ops
    ]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NAPKINLAB_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "step-traces"


def _same(cached, fresh, *, exact: bool = True) -> None:
    if exact:
        assert cached.ops == fresh.ops  # every field of every op, in order
    assert _ops(cached) == _ops(fresh)
    assert [op.flops for op in cached.ops] == [op.flops for op in fresh.ops]
    assert cached.total_flops == fresh.total_flops
    assert cached.model_flops == fresh.model_flops
    assert cached.hardware_flops == fresh.hardware_flops
    assert sum(op.bytes for op in cached.ops) == sum(op.bytes for op in fresh.ops)
    assert cached.table == fresh.table
    assert cached.counter_flops == fresh.counter_flops
    assert (cached.peak_bytes, cached.peak_phase) == (fresh.peak_bytes, fresh.peak_phase)
    assert (cached.source, cached.compute_dtype, cached.tokens) == (
        fresh.source, fresh.compute_dtype, fresh.tokens,
    )  # fmt: skip
    assert cached.notes == fresh.notes and cached.warnings == fresh.warnings


def test_a_cached_trace_is_a_fresh_trace_op_for_op(folder: Path) -> None:
    cfg = _cfg()
    first = cache.cached_trace(cfg)
    assert not first.from_cache and len(list(folder.iterdir())) == 1
    again = cache.cached_trace(cfg)
    assert again.from_cache
    assert again.seconds == first.seconds  # the original trace's time, as the tab says
    _same(again, first)
    # and a trace made now, independently of the cache (a later one in this process)
    _same(again, trace_config(cfg), exact=False)


def test_warnings_keep_their_translatable_form(folder: Path) -> None:
    cfg = _cfg()
    fresh = cache.cached_trace(cfg)
    assert fresh.warnings and all(isinstance(w, Text) for w in fresh.warnings)
    cached = cache.cached_trace(cfg)
    for got, want in zip(cached.warnings, fresh.warnings, strict=True):
        assert isinstance(got, Text)
        assert (got.context, got.template, got.args) == (want.context, want.template, want.args)


def test_other_inputs_torch_or_code_are_another_key(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = cache.cache_key(_cfg(batch=2))
    # Another batch whose entry lands in another slot (which slot depends on torch's version and
    # on this code's hash: with one that shares it, the second entry would replace the first).
    other = next(
        b for b in range(1, 64)
        if b != 2 and cache._path(cache.cache_key(_cfg(batch=b))) != cache._path(key)
    )  # fmt: skip
    cache.cached_trace(_cfg(batch=2))
    assert not cache.cached_trace(_cfg(batch=other)).from_cache  # other inputs: traced
    assert cache.load_trace(key) is not None
    monkeypatch.setattr(cache, "_code_hash", lambda: "0" * 64)  # Napkin Lab's code changed
    assert cache.load_trace(cache.cache_key(_cfg(batch=2))) is None
    stale = dict(key, torch=dict(key["torch"], version_py="1" * 64))  # another torch build
    assert cache.load_trace(stale) is None


def test_an_entry_of_another_key_in_the_same_slot_is_not_read(folder: Path) -> None:
    cfg = _cfg()
    trace = cache.cached_trace(cfg)
    key = cache.cache_key(cfg)
    path = cache._path(key)
    entry = json.loads(path.read_text(encoding="utf-8"))
    entry["key"] = dict(key, config=dict(key["config"], batch=99))  # written for other inputs
    path.write_text(json.dumps(entry), encoding="utf-8")
    assert cache.load_trace(key) is None
    again = cache.cached_trace(cfg)  # traced again and the slot rewritten for this key
    assert not again.from_cache
    _same(cache.load_trace(key), trace, exact=False)


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"{not json",
        b"[1, 2, 3]",
        b'{"key": 1}',
        b"\xff\xfe garbage",
    ],
)
def test_a_damaged_entry_is_ignored_and_replaced(folder: Path, damage: bytes) -> None:
    cfg = _cfg()
    cache.cached_trace(cfg)
    path = cache._path(cache.cache_key(cfg))
    path.write_bytes(damage)
    assert cache.load_trace(cache.cache_key(cfg)) is None
    assert not cache.cached_trace(cfg).from_cache
    assert cache.load_trace(cache.cache_key(cfg)) is not None


def test_an_entry_whose_ops_were_altered_is_refused(folder: Path) -> None:
    cfg = _cfg()
    cache.cached_trace(cfg)
    key = cache.cache_key(cfg)
    path = cache._path(key)
    for change in (
        lambda e: e["trace"]["ops"][0].__setitem__(6, "many"),  # flops as text
        lambda e: e["trace"]["ops"][0].pop(),  # a field missing
        lambda e: e["trace"]["op_fields"].reverse(),  # another layout
        lambda e: e["trace"]["warnings"][0].__setitem__("text", "edited"),
    ):
        entry = cache.store_trace(key, cache.load_trace(key) or cache.cached_trace(cfg))
        assert entry == path
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")
        assert cache.load_trace(key) is None


def test_an_unwritable_cache_still_gives_the_trace(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("NAPKINLAB_CACHE_DIR", str(blocker))
    trace = cache.cached_trace(_cfg())
    assert not trace.from_cache and trace.ops


def test_the_folder_never_holds_more_than_its_slots(folder: Path) -> None:
    trace = trace_config(_cfg())
    key = cache.cache_key(_cfg())
    for batch in range(1, 3 * cache.SLOTS):
        cache.store_trace(dict(key, config=dict(key["config"], batch=batch)), trace)
    assert len(list(folder.iterdir())) <= cache.SLOTS


def test_a_hit_imports_no_torch(folder: Path) -> None:
    cache.cached_trace(_cfg())
    code = (
        "import sys, dataclasses; from core.memory import MemoryConfig, parse_model, recipe;"
        "from core.memory.recipes import optimizer; from core.step.cache import cached_trace;"
        f"spec = dataclasses.replace(parse_model({MODEL!r}), context={CONTEXT});"
        "cfg = MemoryConfig(spec, batch=2, seq=12, recipe=recipe('bf16'),"
        " optimizer=optimizer('adamw'));"
        "t = cached_trace(cfg); print(t.from_cache, 'torch' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "False"]


def test_the_warm_up_stores_the_step_tabs_default_trace_once(folder: Path) -> None:
    from core.step.cache import cache_key, load_trace, warm_default
    from core.step.options import DEFAULTS, step_inputs

    default = step_inputs(**{k: v for k, v in DEFAULTS.items() if k != "allow_download"}).config
    key = cache_key(default)
    assert key is not None and load_trace(key) is None
    assert not warm_default(should_cancel=lambda: True)  # stopped: nothing is left behind
    assert load_trace(key) is None
    assert warm_default()  # traced and stored
    hit = load_trace(key)
    assert hit is not None and hit.from_cache and hit.ops
    assert not warm_default()  # already there: nothing to do
