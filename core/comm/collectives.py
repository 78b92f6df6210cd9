"""Collectives measured with torch.distributed, in the style of nccl-tests.

Launched once per rank by ``torchrun`` (which sets RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR and
MASTER_PORT); NCCL on CUDA, gloo on CPU. For each op and message size S (nccl-tests' S: the whole
gathered output of an all-gather, the whole input of a reduce-scatter; float32 elements, S rounded
down to a multiple of 4·n bytes):

1. **Correctness** once: every rank fills its buffer with ``rank + 1``; the result must be
   n(n+1)/2 (all-reduce, reduce-scatter), ``i + 1`` in chunk i (all-gather) or 1 (broadcast from
   rank 0); for an all-to-all rank r sends ``1000·(r + 1) + j`` to rank j, so chunk i of its
   output must be ``1000·(i + 1) + r`` (each chunk from the right rank, in the right place).
   Ranks agree on the verdict with an all-reduce (MIN).
2. **Time**: ``warmup`` calls, a barrier, then ``iters`` back-to-back calls between two clocks
   (CUDA synchronised); time = elapsed / iters, averaged over ranks (nccl-tests' default ``-a 1``).
3. algbw = S / time, busbw = algbw × the ring factor (:func:`core.comm.algorithms.bus_factor`;
   an all-to-all's S is each rank's whole send buffer and its factor (n−1)/n, as nccl-tests').

What it cannot see: which algorithm the library picked (ring, tree, NVLS), and contention from other
jobs. A backend without reduce-scatter is measured as all-reduce + slice and says so (``via``).
Every collective runs under the process group's timeout, so a missing peer ends in an error, not
a hang. torch is imported inside the functions.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from core.comm.algorithms import measured_bandwidths
from core.echo import brief
from core.errors import InputError

__all__ = [
    "OPS",
    "DistEnv",
    "finish",
    "message_sizes",
    "read_env",
    "run_collectives",
    "start",
]

#: The measured collectives, spelled as torch.distributed and nccl-tests spell them.
OPS: tuple[str, ...] = ("all_reduce", "all_gather", "reduce_scatter", "broadcast", "all_to_all")

_ENV = ("RANK", "WORLD_SIZE", "LOCAL_RANK", "MASTER_ADDR", "MASTER_PORT")
_ELEMENT = 4  # float32


@dataclass(frozen=True)
class DistEnv:
    """What torchrun told this process."""

    rank: int
    world_size: int
    local_rank: int
    master: str


def read_env(environ: dict[str, str] | None = None) -> DistEnv:
    """The torchrun environment; a missing one is an :class:`InputError` saying how to launch."""
    env = dict(os.environ if environ is None else environ)
    missing = [k for k in _ENV if not env.get(k)]
    if missing:
        raise InputError(
            f"collectives: {', '.join(missing)} not set: launch with torchrun, e.g. "
            "torchrun --standalone --nproc-per-node 2 -m app bench --suite collectives "
            "--out FILE.jsonl"
        )
    try:
        rank, world, local = (int(env[k]) for k in ("RANK", "WORLD_SIZE", "LOCAL_RANK"))
    except ValueError:
        raise InputError("collectives: RANK, WORLD_SIZE and LOCAL_RANK must be integers") from None
    if world < 1 or not 0 <= rank < world:
        raise InputError(f"collectives: WORLD_SIZE {world} with RANK {rank}; need 0 <= RANK < WS")
    return DistEnv(rank, world, local, f"{env['MASTER_ADDR']}:{env['MASTER_PORT']}")


def message_sizes(min_bytes: int = 1024, max_bytes: int = 1 << 30, factor: int = 2) -> list[int]:
    """Sizes from ``min_bytes`` to ``max_bytes``, multiplying by ``factor`` (nccl-tests ``-b -e -f``)."""
    if not 1 <= min_bytes <= max_bytes:
        raise InputError(
            f"message sizes: need 1 <= min ({min_bytes}) <= max ({max_bytes})", field="max_bytes"
        )
    if factor < 2:
        raise InputError(f"message sizes: factor {factor} must be 2 or more", field="factor")
    sizes, size = [], min_bytes
    while size <= max_bytes:
        sizes.append(size)
        size *= factor
    return sizes


def start(env: DistEnv, backend: str | None = None, timeout_s: float = 120.0) -> str:
    """Join the process group (NCCL when CUDA is there, else gloo); returns the backend's name."""
    import datetime

    import torch
    import torch.distributed as dist

    chosen = backend or ("nccl" if torch.cuda.is_available() else "gloo")
    if chosen not in ("nccl", "gloo"):
        raise InputError(f"backend: {brief(chosen)}; allowed: nccl, gloo", field="backend")
    if chosen == "nccl":
        if not torch.cuda.is_available():
            raise InputError("backend nccl: torch sees no CUDA device here; allowed: gloo")
        torch.cuda.set_device(env.local_rank % torch.cuda.device_count())
    try:
        dist.init_process_group(chosen, timeout=datetime.timedelta(seconds=timeout_s))
    except (RuntimeError, OSError, ValueError) as exc:  # DistNetworkError, DistStoreError
        raise InputError(
            f"collectives: rank {env.rank} could not join the group at {env.master} "
            f"({type(exc).__name__}: {str(exc).splitlines()[0][:200]}); is the port in use or a "
            "peer missing? torchrun --standalone picks a free port"
        ) from None
    return chosen


def finish() -> None:
    """Leave the process group (safe to call when none was joined)."""
    import torch.distributed as dist

    if dist.is_available() and dist.is_initialized():
        dist.destroy_process_group()


def _sync(device: Any) -> None:
    import torch

    if device.type == "cuda":
        torch.cuda.synchronize(device)


class _Op:
    """Buffers and one call of a collective for one size."""

    def __init__(self, op: str, size: int, n: int, rank: int, device: Any) -> None:
        import torch
        import torch.distributed as dist

        self.op, self.n, self.rank, self.via = op, n, rank, ""
        chunked = ("all_gather", "reduce_scatter", "all_to_all")
        per = max(1, size // (_ELEMENT * n)) if op in chunked else 0
        count = per * n if per else max(1, size // _ELEMENT)
        self.size = count * _ELEMENT
        self.per = per
        make: dict[str, Any] = {"dtype": torch.float32, "device": device}
        self.input = torch.empty(per if op == "all_gather" else count, **make)
        self.output = self.input  # all-reduce and broadcast work in place
        if op == "all_gather":
            self.output = torch.empty(count, **make)
        elif op == "reduce_scatter":
            self.output = torch.empty(per, **make)
        elif op == "all_to_all":
            self.output = torch.empty(count, **make)
        self.dist = dist
        gather = getattr(dist, "all_gather_single", None) or dist.all_gather_into_tensor
        scatter = getattr(dist, "reduce_scatter_single", None) or dist.reduce_scatter_tensor
        self._gather, self._scatter = gather, scatter

    def fill(self) -> None:
        if self.op == "all_to_all":  # chunk j (for rank j) holds 1000·(rank + 1) + j
            import torch

            chunk = torch.arange(self.n, dtype=torch.float32).repeat_interleave(self.per)
            self.input.copy_(chunk.to(self.input.device) + 1000.0 * (self.rank + 1))
            return
        self.input.fill_(float(self.rank + 1))

    def call(self) -> None:
        dist = self.dist
        if self.op == "all_reduce":
            dist.all_reduce(self.input)
        elif self.op == "broadcast":
            dist.broadcast(self.input, src=0)
        elif self.op == "all_gather":
            self._gather(self.output, self.input)
        elif self.op == "all_to_all":
            dist.all_to_all_single(self.output, self.input)
        elif self.via:
            dist.all_reduce(self.input)
            self.output.copy_(self.input[self.rank * self.per : (self.rank + 1) * self.per])
        else:
            try:
                self._scatter(self.output, self.input)
            except RuntimeError as exc:
                if "support" not in str(exc).lower():
                    raise
                self.via = "all_reduce+slice (backend lacks reduce_scatter)"
                self.call()

    def correct(self) -> bool:
        """Whether this rank's result is what the fill implies."""
        import torch

        n = self.n
        if self.op == "all_gather":
            want = torch.arange(1, n + 1, dtype=torch.float32).repeat_interleave(self.per)
            return bool(torch.equal(self.output.cpu(), want))
        if self.op == "all_to_all":
            senders = torch.arange(1, n + 1, dtype=torch.float32).repeat_interleave(self.per)
            return bool(torch.equal(self.output.cpu(), 1000.0 * senders + self.rank))
        if self.op == "broadcast":
            return bool((self.input == 1.0).all())
        result = self.input if self.op == "all_reduce" else self.output
        return bool((result == n * (n + 1) / 2).all())


def run_collectives(
    sizes: Sequence[int],
    ops: Sequence[str] = OPS,
    *,
    warmup: int = 5,
    iters: int = 20,
) -> Iterator[dict[str, Any]]:
    """Measure every op at every size on the joined group; yields one row per op and size.

    Every rank must call this with the same arguments (it runs collectives); each yields the same
    rows (time averaged over ranks), so rank 0 alone writes them.
    """
    import torch
    import torch.distributed as dist

    unknown = [o for o in ops if o not in OPS]
    if unknown:
        raise InputError(f"op: unknown {brief(unknown[0])}; allowed: {', '.join(OPS)}", field="op")
    if warmup < 0 or iters < 1:
        raise InputError(f"iters: need warmup >= 0 and iters >= 1, got {warmup}, {iters}")
    backend = str(dist.get_backend())
    n, rank = dist.get_world_size(), dist.get_rank()
    device = (
        torch.device("cuda", torch.cuda.current_device())
        if backend == "nccl"
        else torch.device("cpu")
    )
    for op in ops:
        for size in sizes:
            yield _measure(op, size, n, rank, device, backend, warmup, iters)


def _measure(
    op: str, size: int, n: int, rank: int, device: Any, backend: str, warmup: int, iters: int
) -> dict[str, Any]:
    import torch
    import torch.distributed as dist

    job = _Op(op, size, n, rank, device)
    job.fill()
    job.call()
    _sync(device)
    verdict = torch.tensor([1.0 if job.correct() else 0.0], device=device)
    dist.all_reduce(verdict, op=dist.ReduceOp.MIN)
    job.input.zero_()
    for _ in range(warmup):
        job.call()
    _sync(device)
    dist.barrier()
    begin = time.perf_counter()
    for _ in range(iters):
        job.call()
    _sync(device)
    elapsed = torch.tensor([(time.perf_counter() - begin) / iters], device=device)
    dist.all_reduce(elapsed)
    seconds = float(elapsed.item()) / n
    algbw, busbw = measured_bandwidths(op, job.size, seconds, n)
    row: dict[str, Any] = {
        "op": op,
        "bytes": job.size,
        "time_s": seconds,
        "algbw": algbw,
        "busbw": busbw,
        "world_size": n,
        "backend": backend,
        "correct": bool(verdict.item() == 1.0),
        "dtype": "fp32",
        "iters": iters,
        "device": torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu",
    }
    if job.via:
        row["via"] = job.via
    return row
