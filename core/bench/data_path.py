"""The data path of a training loop, measured: tokens out of a memory-mapped file into a batch.

What is timed is what a GPT-style loop does per step (nanoGPT's ``get_batch``): ``batch`` random
offsets into a flat token file opened with ``np.memmap`` (uint16 when the vocabulary fits in 65,536
ids, else uint32), a ``seq`` slice at each for the inputs and one shifted by a token for the
targets, each ``np.stack``-ed and converted to int64 (``torch.from_numpy``; embeddings and the loss take int64 ids), then:

* ``assemble``: nothing more (the batch is ready on the host);
* ``pageable``: the batch copied to the GPU from ordinary (pageable) memory, or, without CUDA, into
  a preallocated host buffer (the staging copy a pageable transfer makes);
* ``pinned``: copied into page-locked memory and sent with ``non_blocking=True`` (CUDA only: torch
  pins memory through the CUDA driver, so without CUDA this variant is reported as not measured).

Each is timed in this process (``workers = 0``) and, for ``assemble``, through a
``torch.utils.data.DataLoader`` with 1 and N worker processes (batches come back through shared
memory, as in a real loop). A rate is tokens per batch (``batch × seq``, the tokens a step trains)
over the median seconds per batch of :func:`core.bench.timing.time_op` (host clock; a CUDA copy
synchronizes inside the timed call). The token file is made in a temporary folder at the size the
person picks and removed afterwards; a file smaller than free memory is read from the page cache
after its first pass, which is what a loop that re-reads its shard sees, not a cold disk.
"""

from __future__ import annotations

import datetime as _dt
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from core.bench.timing import Cancelled, time_op
from core.errors import InputError
from core.texts import translate

__all__ = [
    "DEFAULT_BATCH",
    "DEFAULT_SEQ",
    "DEFAULT_TOKENS",
    "TOKEN_DTYPES",
    "DataConfig",
    "DataOutcome",
    "batch_sampler",
    "make_token_file",
    "measure_case",
    "plan_cases",
    "run_data_suite",
]

#: Token file dtypes: numpy name -> bytes per token.
TOKEN_DTYPES: dict[str, int] = {"uint16": 2, "uint32": 4}
#: Defaults: a 64 Mi-token file (128 MiB in uint16), GPT-2's context, nanoGPT's batch of 12 x 1024.
DEFAULT_TOKENS = 1 << 26
DEFAULT_SEQ = 1024
DEFAULT_BATCH = 16
_CHUNK = 1 << 22  # tokens written per chunk (8-16 MiB)
#: Batches faster than this are timed in groups (a 30 µs batch alone is mostly clock and jitter).
_SAMPLE_S = 2e-3


@dataclass(frozen=True)
class DataConfig:
    """What to measure: file size in tokens, token dtype, sequence, batch, workers, time budget."""

    tokens: int = DEFAULT_TOKENS
    token_dtype: str = "uint16"
    seq: int = DEFAULT_SEQ
    batch: int = DEFAULT_BATCH
    workers: int = 2
    budget_s: float = 1.5
    seed: int = 0

    def __post_init__(self) -> None:
        if self.token_dtype not in TOKEN_DTYPES:
            raise InputError(
                translate("Bench", "token dtype {dtype}: allowed {allowed}").format(
                    dtype=self.token_dtype, allowed=", ".join(TOKEN_DTYPES)
                ),
                field="token_dtype",
            )
        if self.tokens < 2 * (self.seq + 1):
            raise InputError(
                translate(
                    "Bench",
                    "--tokens {tokens}: the file must hold at least two slices of seq + 1 = "
                    "{slice} tokens; allowed: {low} or more",
                ).format(
                    tokens=f"{self.tokens:,}",
                    slice=self.seq + 1,
                    low=f"{2 * (self.seq + 1):,}",
                ),
                field="tokens",
            )

    @property
    def tokens_per_batch(self) -> int:
        """Tokens one batch trains (``batch × seq``)."""
        return self.batch * self.seq

    @property
    def file_bytes(self) -> int:
        """Size of the token file."""
        return self.tokens * TOKEN_DTYPES[self.token_dtype]


def make_token_file(path: str, tokens: int, token_dtype: str = "uint16", seed: int = 0) -> None:
    """Write ``tokens`` random token ids (below the dtype's range) to ``path``, in chunks."""
    import numpy as np

    rng = np.random.default_rng(seed)
    high = 50257 if token_dtype == "uint16" else 128256  # GPT-2's and Llama 3's vocabularies
    with open(path, "wb") as out:
        left = tokens
        while left > 0:
            n = min(left, _CHUNK)
            out.write(rng.integers(0, high, n, dtype=token_dtype).tobytes())
            left -= n


def batch_sampler(path: str, cfg: DataConfig, seed: int) -> Callable[[], tuple[Any, Any]]:
    """A call returning one ``(x, y)`` int64 batch of random slices from the file at ``path``."""
    import numpy as np
    import torch

    data = np.memmap(path, dtype=cfg.token_dtype, mode="r")
    rng = np.random.default_rng(seed)
    high = len(data) - cfg.seq - 1
    seq = cfg.seq

    def sample() -> tuple[Any, Any]:
        starts = rng.integers(0, high + 1, cfg.batch)
        # two stacks, as nanoGPT's get_batch: x and y each contiguous (one stack of seq + 1
        # sliced in two is cheaper but leaves strided halves that copy slower to a device)
        x = torch.from_numpy(np.stack([data[i : i + seq] for i in starts]).astype(np.int64))
        y = torch.from_numpy(np.stack([data[i + 1 : i + 1 + seq] for i in starts]).astype(np.int64))
        return x, y

    return sample


class _Batches:
    """An endless iterable of batches for a DataLoader (each worker samples its own offsets)."""

    def __init__(self, path: str, cfg: DataConfig) -> None:
        self.path, self.cfg = path, cfg

    def __iter__(self) -> Iterator[tuple[Any, Any]]:
        import torch.utils.data as tud

        info = tud.get_worker_info()
        sample = batch_sampler(self.path, self.cfg, self.cfg.seed + 1 + (info.id if info else 0))
        while True:
            yield sample()


def _iterable(path: str, cfg: DataConfig) -> Any:
    import torch.utils.data as tud

    class Batches(_Batches, tud.IterableDataset):
        pass

    return Batches(path, cfg)


def _variant_call(sample: Callable[[], tuple[Any, Any]], variant: str, cuda: bool) -> Any:
    """The timed call of ``variant`` (see the module docstring) around ``sample``."""
    import torch

    if variant == "assemble":
        return sample
    x0, _ = sample()
    if variant == "pageable" and not cuda:
        bx, by = torch.empty_like(x0), torch.empty_like(x0)

        def host_copy() -> Any:
            x, y = sample()
            bx.copy_(x)
            by.copy_(y)
            return bx

        return host_copy
    if variant == "pageable":

        def to_gpu() -> Any:
            x, y = sample()
            out = (x.to("cuda"), y.to("cuda"))
            torch.cuda.synchronize()
            return out

        return to_gpu
    px, py = torch.empty_like(x0).pin_memory(), torch.empty_like(x0).pin_memory()

    def pinned() -> Any:
        x, y = sample()
        px.copy_(x)
        py.copy_(y)
        out = (px.to("cuda", non_blocking=True), py.to("cuda", non_blocking=True))
        torch.cuda.synchronize()
        return out

    return pinned


def plan_cases(cfg: DataConfig) -> list[tuple[str, int]]:
    """``(variant, workers)`` pairs measured: three variants in-process, then 1 and N workers."""
    cases = [("assemble", 0), ("pageable", 0), ("pinned", 0)]
    for n in sorted({1, cfg.workers}):
        if n > 0:
            cases.append(("assemble", n))
    return cases


def _point(
    cfg: DataConfig, variant: str, workers: int, timing: Any, device: str, run: str
) -> dict[str, Any]:
    rate = cfg.tokens_per_batch / timing.median
    return {
        "suite": "data",
        "run": run,
        "op": "data_path",
        "variant": variant,
        "workers": workers,
        "tokens_per_s": rate,
        "tokens_per_s_per_worker": rate / workers if workers else rate,
        "bytes_per_s": rate * TOKEN_DTYPES[cfg.token_dtype],
        "seconds_per_batch": timing.median,
        "spread": timing.spread,
        "noisy": timing.noisy,
        "reps": timing.reps,
        "seq": cfg.seq,
        "batch": cfg.batch,
        "token_dtype": cfg.token_dtype,
        "file_tokens": cfg.tokens,
        "file_bytes": cfg.file_bytes,
        "device": device,
        "time": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
    }


@dataclass(frozen=True)
class DataOutcome:
    """Case ``index`` of ``total``: a point, or why it was not measured."""

    index: int
    total: int
    variant: str
    workers: int
    point: dict[str, Any] | None = None
    skipped: str | None = None


def run_data_suite(
    cfg: DataConfig,
    *,
    should_cancel: Callable[[], bool] | None = None,
    folder: str | None = None,
) -> Iterator[DataOutcome]:
    """Make the token file, time every case of :func:`plan_cases`, remove the file.

    Yields a :class:`DataOutcome` per case (the pinned case without CUDA says why it was
    skipped). Stops quietly when ``should_cancel`` returns True; the file is removed either way.
    ``folder`` is where the temporary folder is made (default: the system's temporary folder).
    """
    import torch

    cancelled = should_cancel or (lambda: False)
    cuda = torch.cuda.is_available()
    device = "cuda" if cuda else "cpu"
    cases = plan_cases(cfg)
    run = _dt.datetime.now(_dt.UTC).isoformat(timespec="microseconds")
    tmp = tempfile.mkdtemp(prefix="napkinlab-data-", dir=folder)
    try:
        path = os.path.join(tmp, f"tokens.{cfg.token_dtype}.bin")
        try:
            make_token_file(path, cfg.tokens, cfg.token_dtype, cfg.seed)
        except OSError as exc:
            raise InputError(
                translate("Bench", "cannot write the token file in {folder}: {problem}").format(
                    folder=tmp, problem=exc.strerror or str(exc)
                )
            ) from None
        for index, (variant, workers) in enumerate(cases):
            if cancelled():
                return
            if variant == "pinned" and not cuda:
                why = translate(
                    "Bench",
                    "pinned copy not measured: torch sees no CUDA device (pinning needs it)",
                )
                yield DataOutcome(index, len(cases), variant, workers, skipped=str(why))
                continue
            try:
                timing = measure_case(path, cfg, variant, workers, cuda, cancelled)
            except Cancelled:
                return
            point = _point(cfg, variant, workers, timing, device, run)
            yield DataOutcome(index, len(cases), variant, workers, point=point)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def measure_case(
    path: str,
    cfg: DataConfig,
    variant: str,
    workers: int,
    cuda: bool = False,
    cancelled: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Any:
    """Time one case on the token file at ``path``: a :class:`~core.bench.timing.Timing` per batch.

    ``workers = 0`` samples in this process; more go through a DataLoader with that many worker
    processes, timed after the first batch arrives (their start-up is not the steady state).
    ``clock`` times the in-process cases (a test may pass ``time.thread_time``, the CPU time of
    this thread, which a busy neighbour on a shared machine does not inflate).
    """
    if workers == 0:
        call = _variant_call(batch_sampler(path, cfg, cfg.seed), variant, cuda)
        return time_op(call, budget_s=cfg.budget_s, warmup_s=0.1, min_sample_s=_SAMPLE_S,
                       max_reps=100_000, should_cancel=cancelled, clock=clock)  # fmt: skip
    import torch.utils.data as tud

    loader = tud.DataLoader(
        _iterable(path, cfg), batch_size=None, num_workers=workers, pin_memory=False,
        prefetch_factor=4, persistent_workers=False,
    )  # fmt: skip
    batches = iter(loader)
    take = batches.__next__
    try:
        take()  # the workers' start (fork, imports) is not the steady state
        return time_op(
            take,
            budget_s=cfg.budget_s,
            warmup_s=0.2,
            min_sample_s=_SAMPLE_S,
            should_cancel=cancelled,
        )
    finally:
        del take, batches  # shuts the workers down
