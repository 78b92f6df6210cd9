"""The checkpoint's parts and layouts by hand: bytes per parameter per recipe and optimizer, what
a rank holds under ZeRO, TP and PP, the tensor count against the built module, bad layouts."""

from __future__ import annotations

import pytest

from core.checkpoint import checkpoint_size, default_storage_bw, tensor_count
from core.errors import InputError
from core.memory.models import preset
from core.memory.recipes import optimizer, recipe


@pytest.mark.parametrize(
    ("rec", "opt", "per_param"),
    [("fp32", "adamw", 4 + 8), ("bf16", "adamw", 2 + 8), ("amp", "adamw", 2 + 4 + 8),
     ("amp", "momentum", 2 + 4 + 4), ("bf16", "sgd", 2)],
)  # fmt: skip
def test_state_bytes_per_parameter(rec: str, opt: str, per_param: int) -> None:
    spec = preset("llama2-7b")
    got = checkpoint_size(spec, recipe(rec), optimizer(opt))
    assert got.weights + got.master + got.optimizer == per_param * spec.param_count
    assert got.bytes == pytest.approx(per_param * spec.param_count, rel=1e-3)


def test_what_a_rank_holds_and_writes() -> None:
    spec, rec, opt = preset("llama2-70b"), recipe("amp"), optimizer("adamw")
    n = spec.param_count
    z0 = checkpoint_size(spec, rec, opt, gpus=64, tp=8, pp=2, zero=0)
    assert z0.dp == 4
    assert z0.held_per_rank == {"weights": 2 * n / 16, "master": 4 * n / 16,
                                "optimizer": 8 * n / 16}  # fmt: skip
    z1 = checkpoint_size(spec, rec, opt, gpus=64, tp=8, pp=2, zero=1)
    assert z1.held_per_rank["weights"] == 2 * n / 16
    assert z1.held_per_rank["optimizer"] == 8 * n / 64
    z3 = checkpoint_size(spec, rec, opt, gpus=64, tp=8, pp=2, zero=3)
    assert z3.held_per_rank["weights"] == 2 * n / 64
    # DCP writes each replicated tensor once: every rank writes about 1/G of the whole
    for c in (z0, z1, z3):
        assert c.bytes_per_rank == pytest.approx(14 * n / 64, rel=1e-3)


def test_save_seconds_at_the_default_and_a_given_bandwidth() -> None:
    c = checkpoint_size(preset("gpt2"), recipe("fp32"), optimizer("adamw"), gpus=16384)
    assert default_storage_bw(16384) == pytest.approx(2e12)  # Llama 3's sustained 2 TB/s
    assert c.save_s() == pytest.approx(c.bytes / 2e12)
    assert c.save_s(1e9) == pytest.approx(c.bytes / 1e9)
    assert c.to_dict(1e9)["save_s"] == pytest.approx(c.bytes / 1e9)


@pytest.mark.parametrize("name", ["gpt2", "llama2-7b", "llama3-8b"])
def test_tensor_count_matches_the_built_module(name: str) -> None:
    torch = pytest.importorskip("torch")
    from core.memory.modules import build_module

    spec = preset(name)
    with torch.device("meta"):
        model = build_module(spec)
    assert tensor_count(spec) == len(list(model.parameters()))


def test_bad_layouts_say_what_is_allowed() -> None:
    spec, rec, opt = preset("gpt2"), recipe("fp32"), optimizer("adamw")
    with pytest.raises(InputError, match="multiple of TP × PP"):
        checkpoint_size(spec, rec, opt, gpus=12, tp=8)
    with pytest.raises(InputError, match="zero"):
        checkpoint_size(spec, rec, opt, zero=4)
    with pytest.raises(InputError, match="writer"):
        checkpoint_size(spec, rec, opt, writer="pickle")
