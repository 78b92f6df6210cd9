"""The data-path suite: token files, batches, its throughput against a direct memmap loop."""

from __future__ import annotations

import time

import numpy as np
import pytest

from core.bench.data_path import (
    DataConfig,
    batch_sampler,
    make_token_file,
    measure_case,
    plan_cases,
    run_data_suite,
)
from core.errors import InputError

torch = pytest.importorskip("torch")


def test_token_file_size_and_ids(tmp_path):
    path = tmp_path / "t.bin"
    make_token_file(str(path), 10_000, "uint32", seed=1)
    assert path.stat().st_size == 10_000 * 4  # uint32: four bytes a token
    ids = np.fromfile(path, dtype=np.uint32)
    assert ids.max() < 128256 and ids.min() >= 0 and len(np.unique(ids)) > 1000


def test_batch_is_shifted_int64_slices_of_the_file(tmp_path):
    path = tmp_path / "t.bin"
    np.arange(5000, dtype=np.uint16).tofile(path)  # token i has id i: a slice shows its offset
    cfg = DataConfig(tokens=5000, seq=64, batch=8)
    x, y = batch_sampler(str(path), cfg, seed=3)()
    assert x.dtype == torch.int64 and tuple(x.shape) == (8, 64)
    starts = x[:, 0]
    expected = starts[:, None] + torch.arange(64)
    assert torch.equal(x, expected) and torch.equal(y, expected + 1)  # targets: the next token
    assert int(starts.max()) + 65 <= 5000


def test_bad_config_says_what_is_allowed():
    with pytest.raises(InputError, match="uint16, uint32"):
        DataConfig(token_dtype="int8")
    with pytest.raises(InputError, match="2,050 or more"):
        DataConfig(tokens=100, seq=1024)


def test_suite_points_file_removed_and_pinned_only_with_cuda(tmp_path):
    cfg = DataConfig(tokens=1 << 16, seq=128, batch=4, workers=2, budget_s=0.02)
    outcomes = list(run_data_suite(cfg, folder=str(tmp_path)))
    assert [(o.variant, o.workers) for o in outcomes] == plan_cases(cfg)
    assert [o.workers for o in outcomes] == [0, 0, 0, 1, 2]
    assert list(tmp_path.iterdir()) == []  # the temporary token file and folder are gone
    pinned = outcomes[2]
    if torch.cuda.is_available():
        assert pinned.point is not None
    else:
        assert pinned.point is None and "CUDA" in pinned.skipped
    for o in outcomes:
        if o.point is None:
            continue
        p = o.point
        # tokens a step trains over the seconds per batch, by hand
        assert p["tokens_per_s"] == pytest.approx(128 * 4 / p["seconds_per_batch"])
        assert p["tokens_per_s_per_worker"] == pytest.approx(
            p["tokens_per_s"] / max(1, p["workers"])
        )
        assert p["bytes_per_s"] == pytest.approx(2 * p["tokens_per_s"])
        assert p["file_bytes"] == 2 * (1 << 16)


def test_cancel_stops_and_still_removes_the_file(tmp_path):
    cfg = DataConfig(tokens=1 << 16, seq=128, batch=4, budget_s=0.02)
    seen = []
    outcomes = run_data_suite(cfg, folder=str(tmp_path), should_cancel=lambda: len(seen) >= 1)
    for outcome in outcomes:
        seen.append(outcome)
    assert len(seen) == 1
    assert list(tmp_path.iterdir()) == []


def _direct_rate(path: str, n_tokens: int, seq: int, batch: int, chunks: int) -> float:
    """A training loop's data path written out plainly (nanoGPT's get_batch): tokens/s of the
    median chunk of 8 batches (a median, like the suite's, so one neighbour's burst is not in it)."""
    data = np.memmap(path, dtype=np.uint16, mode="r")
    rng = np.random.default_rng(7)
    rates = []
    for _ in range(chunks):
        start = time.thread_time()
        for _ in range(8):
            ix = rng.integers(0, n_tokens - seq - 1, batch)
            x = torch.from_numpy(np.stack([data[i : i + seq] for i in ix]).astype(np.int64))
            y = torch.from_numpy(np.stack([data[i + 1 : i + 1 + seq] for i in ix]).astype(np.int64))
            del x, y
        rates.append(8 * batch * seq / (time.thread_time() - start))
    return float(np.median(rates))


def test_throughput_matches_a_direct_memmap_loop(tmp_path):
    # Generous sizes (64 sequences of 1024 tokens, a few hundred microseconds a batch) so the
    # clock's jitter is small. This 2-core machine is shared (load averages of 7 were seen): both
    # sides are timed on this thread's CPU clock, which a neighbour's burst does not inflate, and
    # measured interleaved. A round can still be off either way (CI once saw one direct round at
    # 1.9x its others), so the two sides are compared by their median round of five, not their
    # best: one odd round on either side moves neither median.
    n = 1 << 23
    path = str(tmp_path / "tokens.bin")
    make_token_file(path, n, "uint16")
    cfg = DataConfig(tokens=n, seq=1024, batch=64, budget_s=0.2)
    suite, direct = [], []
    for _ in range(5):  # about as long on each side (0.2 s), alternating
        timing = measure_case(path, cfg, "assemble", 0, clock=time.thread_time)
        suite.append(cfg.tokens_per_batch / timing.median)
        direct.append(_direct_rate(path, n, 1024, 64, 24))
    ratio = float(np.median(suite) / np.median(direct))
    # A suite that counted the wrong tokens or timed extra work would be off by 2x or more.
    assert 0.7 <= ratio <= 1.4, (suite, direct)
