"""Performance of the Step tab's core, and how well its prediction matches this CPU.

Run: ``python benchmarks/step.py [--skip-7b | --compare-only | --ratio-only | --instructions]``
from the repository root. Prints

* the op-by-op trace against a bare fake-tensor step of the same model, in one process (the model
  built, then forward, backward and ``optimizer.step()`` under ``FakeTensorMode`` with no
  tracker), interleaved, median CPU and wall time of several repetitions, for gpt2 (b1, s1024)
  and llama2-7b (b1, s4096) (target: trace / bare <= 1.5); with ``--instructions`` instead, the
  instructions each executes under valgrind's callgrind, which other processes on a shared machine
  do not change (the CPU-time medians of one run here move by a tenth or more from run to run);
* the wall time of tracing gpt2 at batch 1, sequence 1024 (target < 5 s);
* the wall time and peak resident memory of tracing llama2-7b at batch 1, sequence 4096
  (targets < 30 s, < 1 GB), in a child process so the peak RSS is its own;
* the median time of re-predicting the gpt2 trace on another device (target < 50 ms);
* for the lecture MLP and a small transformer (fp32), the step predicted with "This machine"
  ceilings (fp32 matmul and copy, measured here first with the benchmark's own cases, one thread
  on both sides) against the step measured op by op (median of 3 profiled steps per op), per
  kind and in total, both as wall time and as the thread's CPU time (target: predicted / CPU
  within ±30 %; the wall ratio is lower by the share of the time other processes held the core).
"""

from __future__ import annotations

import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.memory.options import config_from_options  # noqa: E402

CHILD = """
import resource, sys, time
sys.path.insert(0, {root!r})
from core.memory.options import config_from_options
from core.step.trace import trace_config
cfg = config_from_options(model={model!r}, batch=1, seq={seq}, recipe="bf16", optimizer="adamw")
t, c = time.perf_counter(), time.process_time()
tr = trace_config(cfg)
dt, dc = time.perf_counter() - t, time.process_time() - c
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(f"{{dt}} {{dc}} {{rss}} {{len(tr.ops)}}")
"""


RATIO_CHILD = """
import gc, os, statistics, sys, time
sys.path[:0] = [{root!r}, {root!r} + "/benchmarks"]
from bare_step import bare_fake_step
from core.memory.options import config_from_options
from core.step.trace import trace_config

cfg = config_from_options(model={model!r}, batch=1, seq={seq}, recipe="bf16", optimizer="adamw")
def bare():
    bare_fake_step(cfg)

def timed(fn):
    gc.collect()  # each side pays for its own garbage only
    c, t = time.process_time(), time.perf_counter()
    fn()
    return time.process_time() - c, time.perf_counter() - t

bare(); trace_config(cfg)  # imports and torch's caches, for both
rows = [(timed(bare), timed(lambda: trace_config(cfg))) for _ in range({repeats})]
med = statistics.median
print(med(r[0][0] for r in rows), med(r[1][0] for r in rows), med(r[0][1] for r in rows),
      med(r[1][1] for r in rows), os.getloadavg()[0])
"""


# One more bare step or trace after the warm-up both sides share, or none ("setup"): under
# callgrind, a run's instructions less the setup run's are that step's.
INSTRUCTIONS_CHILD = """
import sys
sys.path[:0] = [{root!r}, {root!r} + "/benchmarks"]
from bare_step import bare_fake_step
from core.memory.options import config_from_options
from core.step.trace import trace_config

cfg = config_from_options(model={model!r}, batch=1, seq={seq}, recipe="bf16", optimizer="adamw")
bare_fake_step(cfg); trace_config(cfg)  # imports and torch's caches, for both
if {what!r} == "bare":
    bare_fake_step(cfg)
elif {what!r} == "trace":
    trace_config(cfg)
"""


def bench_instructions(model: str, seq: int) -> tuple[int, int] | None:
    """Instructions of one bare fake step and of one trace of ``model``: ``(bare, trace)``.

    Three processes under ``valgrind --tool=callgrind``, side by side: the shared warm-up alone,
    then the warm-up and one more bare step, and the warm-up and one more trace; each step's count
    is its run's less the warm-up's. ``PYTHONHASHSEED=0`` keeps dict and set orders the same, so
    the counts repeat within about 1 % (where CPU-time medians here move by a tenth or more).
    ``None`` when valgrind is not installed or a run failed.
    """
    import re
    import shutil
    import tempfile
    from concurrent.futures import ThreadPoolExecutor

    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (Debian: apt install valgrind)")
        return None

    def count(what: str, folder: str) -> int | None:
        code = INSTRUCTIONS_CHILD.format(root=str(ROOT), model=model, seq=seq, what=what)
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/{what}.out",
             sys.executable, "-c", code],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
        )  # fmt: skip
        found = re.search(r"Collected : (\d+)", done.stderr)
        return int(found.group(1)) if done.returncode == 0 and found else None

    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(3) as pool:
        setup, bare, trace = pool.map(lambda what: count(what, folder), ("setup", "bare", "trace"))
    if setup is None or bare is None or trace is None:
        print(f"instructions: a {model} run failed under valgrind")
        return None
    return bare - setup, trace - setup


def bench_trace_vs_bare(model: str, seq: int, repeats: int) -> tuple[float, ...]:
    """Median CPU and wall seconds of a bare fake step and of the trace of the same step, in one
    child process, interleaved: ``(bare_cpu, trace_cpu, bare_wall, trace_wall, load)``."""
    out = subprocess.run(
        [sys.executable, "-c", RATIO_CHILD.format(root=str(ROOT), model=model, seq=seq,
                                                  repeats=repeats)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return tuple(float(v) for v in out.stdout.split()[-5:])


def bench_trace(model: str, seq: int) -> tuple[float, float, float, int]:
    """Wall and CPU seconds, peak RSS bytes and op count of tracing ``model`` in a child process
    (the CPU time says what the trace costs when other processes share the machine)."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD.format(root=str(ROOT), model=model, seq=seq)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    seconds, cpu, rss, ops = out.stdout.split()[-4:]
    return float(seconds), float(cpu), float(rss), int(ops)


def bench_repredict(repeats: int = 20) -> tuple[float, int]:
    """Median seconds of predicting a gpt2 (b1, s1024) trace on the next device of the catalog."""
    from core.roofline.hardware import load_catalog
    from core.step.predict import predict
    from core.step.trace import trace_config

    cfg = config_from_options(model="gpt2", batch=1, seq=1024, recipe="bf16", optimizer="adamw")
    tr = trace_config(cfg)
    devices = load_catalog().devices
    times = []
    for i in range(repeats):
        t = time.perf_counter()
        predict(tr, devices[i % len(devices)])
        times.append(time.perf_counter() - t)
    return statistics.median(times), len(tr.ops)


def this_machine_fp32() -> object:
    """'This machine' from the benchmark's fp32 matmul and copy cases, measured now."""
    from core.bench import build_suite, run_case, this_machine

    cases = [c for c in build_suite("quick") if (c.op == "matmul" and c.dtype == "fp32")
             or c.op == "copy"]  # fmt: skip
    return this_machine([run_case(c, threads=THREADS) for c in cases])


#: Threads for the CPU comparison: one, on both sides. On this shared 2-core machine, two-thread
#: ops stall whenever another process takes one core (OpenMP barriers), which says nothing about
#: the prediction.
THREADS = 1


def bench_predicted_vs_measured() -> None:
    """Predicted (This machine) vs measured step, per kind and total, for two small models.

    Each op is measured twice in the same profiled steps: its wall time (torch.profiler) and its
    CPU time on the calling thread. With one thread the CPU time is the op's time with the core to
    itself, which is what the prediction (from ceilings whose short benchmark repetitions are
    rarely preempted) describes; on a shared machine the wall time adds whatever other processes
    took. The CPU share (CPU / wall) says how much of the wall time the step had the core.
    """
    import torch

    torch.set_num_threads(THREADS)
    from core.step.measure import measurable, measure_config
    from core.step.predict import predict, rollup
    from core.step.trace import trace_config

    for model, batch, seq in (
        ("mlp:d=1024,layers=8", 1024, None),
        ("transformer:d=256,layers=2,heads=4,vocab=2048", 8, 256),
    ):
        cfg = measurable(config_from_options(model=model, batch=batch, seq=seq, recipe="fp32",
                                             optimizer="adam"))  # fmt: skip
        tr = trace_config(cfg)
        machine = this_machine_fp32()  # measured just before the step, under the same load
        print(f"\n{machine.name}: fp32 {machine.peak_flops['fp32'] / 1e9:.1f} GFLOP/s, "  # type: ignore[attr-defined]
              f"{machine.mem_bandwidth / 1e9:.1f} GB/s; load average "  # type: ignore[attr-defined]
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")  # fmt: skip
        pred = predict(tr, machine)  # type: ignore[arg-type]
        meas = measure_config(cfg, tr, repeats=3)
        wall = rollup(tr.ops, pred.seconds, "kind", meas.seconds)
        cpu = rollup(tr.ops, pred.seconds, "kind", meas.cpu_seconds)
        print(f"\n{model} batch {batch}{f' seq {seq}' if seq else ''} fp32 Adam: "
              f"{meas.matched}/{len(tr.ops)} ops matched")  # fmt: skip
        print(
            f"  {'kind':<13} {'predicted':>11} {'wall':>11} {'CPU':>11} {'p/wall':>6} {'p/CPU':>6}"
        )
        for kind, row in wall.items():
            if row["ops"]:
                _row(kind, row["predicted_s"], row["measured_s"], cpu[kind]["measured_s"])
        total_w = sum(s for s in meas.seconds if not math.isnan(s))
        total_c = sum(s for s in meas.cpu_seconds if not math.isnan(s))
        _row("total (ops)", pred.step_time_s, total_w, total_c)
        print(f"  CPU share {total_c / total_w:.0%} (wall of the profiled step "
              f"{meas.step_s * 1e3:.1f} ms); target: p/CPU within 0.7-1.3")  # fmt: skip


def _row(label: str, predicted: float, wall: float, cpu: float) -> None:
    def ratio(m: float) -> float:
        return predicted / m if m else float("nan")

    print(f"  {label:<13} {predicted * 1e3:>9.3f}ms {wall * 1e3:>9.3f}ms {cpu * 1e3:>9.3f}ms "
          f"{ratio(wall):>6.2f} {ratio(cpu):>6.2f}")  # fmt: skip


def main() -> None:
    """Print every figure (``--compare-only``: just the CPU comparison; ``--ratio-only``: just the
    trace against the bare step)."""
    if "--compare-only" in sys.argv:
        bench_predicted_vs_measured()
        return
    if "--instructions" in sys.argv:
        for model, seq in (("gpt2", 1024), ("llama2-7b", 4096)):
            if model == "llama2-7b" and "--skip-7b" in sys.argv:
                continue
            counts = bench_instructions(model, seq)
            if counts is not None:
                bare, trace = counts
                print(f"{model} b1 s{seq}, instructions under callgrind: bare fake step "
                      f"{bare / 1e9:.3f} G, trace {trace / 1e9:.3f} G; trace / bare "
                      f"{trace / bare:.3f} (target <= 1.5; the counts repeat within about 1 %)")  # fmt: skip
        return
    for model, seq, repeats in (("gpt2", 1024, 9), ("llama2-7b", 4096, 5)):
        if model == "llama2-7b" and "--skip-7b" in sys.argv:
            continue
        bare_c, trace_c, bare_w, trace_w, load = bench_trace_vs_bare(model, seq, repeats)
        print(f"{model} b1 s{seq}, one process, median of {repeats}: bare fake step "
              f"{bare_c:.3f} s CPU ({bare_w:.3f} s wall), trace {trace_c:.3f} s CPU "
              f"({trace_w:.3f} s wall); trace / bare {trace_c / bare_c:.2f} CPU, "
              f"{trace_w / bare_w:.2f} wall (target <= 1.5; load {load:.1f} on "
              f"{os.cpu_count()} cores)")  # fmt: skip
    if "--ratio-only" in sys.argv:
        return
    t, cpu, rss, ops = bench_trace("gpt2", 1024)
    print(f"gpt2 b1 s1024 trace: {t:.2f} s (CPU {cpu:.2f} s), {ops:,} ops, peak RSS "
          f"{rss / 1e9:.2f} GB (target < 5 s)")  # fmt: skip
    if "--skip-7b" not in sys.argv:
        t, cpu, rss, ops = bench_trace("llama2-7b", 4096)
        print(f"llama2-7b b1 s4096 trace: {t:.2f} s (CPU {cpu:.2f} s), {ops:,} ops, peak RSS "
              f"{rss / 1e9:.2f} GB (targets < 30 s, < 1 GB)")  # fmt: skip
    s, ops = bench_repredict()
    print(
        f"re-predict gpt2 ({ops:,} ops) on another device: median {s * 1e3:.2f} ms (target < 50 ms)"
    )
    bench_predicted_vs_measured()


if __name__ == "__main__":
    main()
