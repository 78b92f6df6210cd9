"""The real CUDA step's seams, run here on the CPU with a fake ``torch.cuda`` (issue 11, item 23).

The driver's free memory decides whether the step runs (not the device picked in the UI); an
out-of-memory error becomes a :class:`MeasurementError` after the model is freed and the cache
emptied; mixed recipes run under the trace's autocast.
"""

from __future__ import annotations

import pytest

from core.memory import MemoryConfig, MLPSpec, parse_model, recipe
from core.memory.recipes import parse_recipe

torch = pytest.importorskip("torch")

import core.memory.measure as measure  # noqa: E402
from core.memory.measure import MeasurementError, measure_cuda  # noqa: E402


class FakeCuda:
    """The parts of ``torch.cuda`` the step uses; ``oom`` raises at the step's last sync."""

    def __init__(self, free: float = 64e9, oom: bool = False) -> None:
        self.free, self.oom, self.syncs = free, oom, 0
        self.calls: list[str] = []

    def is_available(self) -> bool:
        return True

    def mem_get_info(self) -> tuple[int, int]:
        return int(self.free), int(80e9)

    def empty_cache(self) -> None:
        self.calls.append("empty_cache")

    def synchronize(self) -> None:
        self.syncs += 1
        self.calls.append("synchronize")
        if self.oom and self.syncs == 2:
            raise torch.cuda.OutOfMemoryError("CUDA out of memory. Tried to allocate 20.00 GiB")

    def memory_allocated(self) -> int:
        return 1000

    def reset_peak_memory_stats(self) -> None:
        self.calls.append("reset")

    def max_memory_allocated(self) -> int:
        return 5000

    def max_memory_reserved(self) -> int:
        return 6000


SMALL = MemoryConfig(MLPSpec(32, 2), batch=4, recipe=recipe("bf16"))


def test_runs_and_reports_the_peak_ignoring_the_ui_capacity() -> None:
    fake = FakeCuda()
    # capacity (the device picked in the UI) is 1 byte: the free memory decides, and it is ample.
    out = measure_cuda(SMALL, 1.0, backend=fake, device="cpu")
    assert out == {"peak": 5000.0, "reserved": 6000.0, "static": 1000.0}
    assert fake.calls[-1] == "empty_cache"
    assert torch.get_default_dtype() == torch.float32


def test_refuses_when_the_gpu_has_too_little_free_memory() -> None:
    fake = FakeCuda(free=1e6)
    with pytest.raises(MeasurementError, match=r"needs about .* and the GPU has 1 MB free"):
        measure_cuda(MemoryConfig(parse_model("gpt2"), batch=1), backend=fake, device="cpu")
    assert "reset" not in fake.calls  # nothing was built


def test_out_of_memory_frees_and_reports_without_the_traceback() -> None:
    fake = FakeCuda(oom=True)
    with pytest.raises(MeasurementError, match="ran out of memory: CUDA out of memory") as info:
        measure_cuda(SMALL, backend=fake, device="cpu")
    assert info.value.__context__ is None  # no frame of the step (and its tensors) kept alive
    assert fake.calls[-1] == "empty_cache"
    assert torch.get_default_dtype() == torch.float32


def test_mixed_recipes_run_under_the_traces_autocast(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, str, str]] = []
    real = measure.autocast

    def spy(rec, device_type):
        seen.append((rec.params, rec.acts, device_type))
        return real(rec, device_type)

    monkeypatch.setattr(measure, "autocast", spy)
    mixed = parse_recipe("custom:params=fp32,grads=fp32,master=none,state=fp32,acts=bf16")
    measure_cuda(MemoryConfig(MLPSpec(32, 2), batch=4, recipe=mixed), backend=FakeCuda(),
                 device="cpu")  # fmt: skip
    assert seen == [("fp32", "bf16", "cpu")]
    with real(mixed, "cpu"):
        assert torch.is_autocast_enabled("cpu")
        assert torch.get_autocast_dtype("cpu") == torch.bfloat16
