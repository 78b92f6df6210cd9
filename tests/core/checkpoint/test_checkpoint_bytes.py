"""A checkpoint's predicted bytes against torch: ``torch.save`` of the lecture's dictionary for
gpt2 with AdamW, and a DCP save of 8 fake ranks under FSDP (ZeRO-3), each within 1 %.

The tensors are uninitialised (``torch.empty``): their bytes are what counts, not their values.
"""

from __future__ import annotations

import os

import pytest

torch = pytest.importorskip("torch")

from core.checkpoint import checkpoint_size  # noqa: E402
from core.memory.models import preset  # noqa: E402
from core.memory.modules import build_module, build_optimizer  # noqa: E402
from core.memory.recipes import optimizer, recipe  # noqa: E402


class _Counter:
    """A writable sink that keeps only how many bytes were written to it."""

    def __init__(self) -> None:
        self.n = 0

    def write(self, data: bytes) -> int:
        size = memoryview(data).nbytes
        self.n += size
        return size

    def flush(self) -> None:
        pass


def _empty_grads(model) -> None:
    for p in model.parameters():
        p.grad = torch.empty_like(p)


def _saved_bytes(payload: dict) -> int:
    """The bytes ``torch.save`` writes (no CRC computed: the sink keeps no data to check)."""
    from torch.utils.serialization import config

    sink = _Counter()
    crc, config.save.compute_crc32 = config.save.compute_crc32, False
    try:
        torch.save(payload, sink)
    finally:
        config.save.compute_crc32 = crc
    return sink.n


def test_lecture_dictionary_bytes_equal_torch_save_for_gpt2_adamw() -> None:
    spec = preset("gpt2")
    with torch.device("meta"):
        model = build_module(spec)
    model.to_empty(device="cpu")
    opt = torch.optim.AdamW(model.parameters())
    _empty_grads(model)
    opt.step()  # the moments exist after the first step
    saved = _saved_bytes({"model": model.state_dict(), "optimizer": opt.state_dict(), "step": 1,
                          "rng_state": torch.get_rng_state()})  # fmt: skip
    want = checkpoint_size(spec, recipe("fp32"), optimizer("adamw"), writer="torch.save").bytes
    assert want == pytest.approx(saved, rel=0.01)
    # the bytes are (almost) 4 + 4 + 4 per parameter: weights and AdamW's two fp32 moments
    assert saved == pytest.approx(12 * spec.param_count, rel=0.01)


@pytest.mark.parametrize("name", ["amp", "bf16"])
def test_recipes_with_master_copy_or_fp32_state_equal_torch_save(name: str) -> None:
    """bf16 weights with fp32 moments (and an fp32 master copy under amp), as the Memory tab's
    recipe optimizer keeps them, on a small model."""
    spec = preset("gpt2")
    from dataclasses import replace

    spec = replace(spec, layers=2, vocab=4096, max_pos=256)
    rec = recipe(name)
    torch.set_default_dtype(torch.bfloat16)
    try:
        model = build_module(spec)
    finally:
        torch.set_default_dtype(torch.float32)
    opt = build_optimizer(model.parameters(), rec, optimizer("adamw"))
    saved = _saved_bytes({"model": model.state_dict(), "optimizer": opt.state_dict(), "step": 1,
                          "rng_state": torch.get_rng_state()})  # fmt: skip
    got = checkpoint_size(spec, rec, optimizer("adamw"), writer="torch.save")
    # the recipe optimizer keeps no per-parameter step: take it out of the prediction
    assert got.bytes - got.tensors * 4 == pytest.approx(saved, rel=0.01)
    per_param = 2 + (4 if rec.master != "none" else 0) + 8
    assert got.weights + got.master + got.optimizer == per_param * spec.param_count


def test_per_rank_bytes_equal_a_dcp_save_of_8_fake_fsdp_ranks(tmp_path) -> None:
    """Each of 8 ranks under FSDP (fully_shard, the fake process group) writes its shards with
    DCP. The fake group's gather brings the coordinator only its own plan, so each rank saves
    with ``no_dist=True``: its file holds exactly its shards, the file it writes in a real save
    (the fake group cannot make the coordinator's metadata of all ranks)."""
    import torch.distributed as dist
    import torch.distributed.checkpoint as dcp
    import torch.distributed.checkpoint.default_planner as planner
    from torch.distributed.checkpoint.state_dict import get_state_dict
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.fsdp import fully_shard
    from torch.testing._internal.distributed.fake_pg import FakeStore

    if dist.is_initialized():
        pytest.skip("a process group is already running in this process")
    world, spec = 8, preset("gpt2")
    want = checkpoint_size(spec, recipe("fp32"), optimizer("adamw"), gpus=world, zero=3)
    original = planner._validate_global_plan
    planner._validate_global_plan = lambda *_a, **_k: []  # the plan of one rank is partial
    sizes = []
    try:
        for rank in (0, world - 1):  # the first and the last (FSDP pads, the last is short)
            dist.init_process_group("fake", store=FakeStore(), rank=rank, world_size=world)
            try:
                mesh = init_device_mesh("cpu", (world,))
                with torch.device("meta"):
                    model = build_module(spec)
                for layer in model.layers:
                    fully_shard(layer, mesh=mesh)
                fully_shard(model, mesh=mesh)
                model.to_empty(device="cpu")
                opt = torch.optim.AdamW(model.parameters())
                _empty_grads(model)
                opt.step()
                msd, osd = get_state_dict(model, opt)
                folder = tmp_path / str(rank)
                dcp.save({"model": msd, "optimizer": osd, "step": 1,
                          "rng_state": torch.get_rng_state()}, checkpoint_id=folder,
                         no_dist=True)  # fmt: skip
                data = [f for f in os.listdir(folder) if f.endswith(".distcp")]
                sizes.append(sum(os.path.getsize(folder / f) for f in data))
            finally:
                dist.destroy_process_group()
    finally:
        planner._validate_global_plan = original
    for size in sizes:
        assert want.bytes_per_rank == pytest.approx(size, rel=0.01)
    # and the ranks together hold the whole state once: 8 × a rank ≈ 12 bytes per parameter
    assert world * sizes[0] == pytest.approx(12 * spec.param_count, rel=0.01)
