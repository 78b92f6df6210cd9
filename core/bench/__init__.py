"""What this machine really does: synchronized timing, the benchmark suites, measurements on
disk and "This machine" as a device built from what was measured.

Modules
-------
timing        time one operation (CUDA events or a monotonic clock, warm-up, median and spread)
suites        which operators to time at which sizes, and the point each measurement becomes
measurements  an append-only JSON-lines file of points that a crash cannot corrupt
this_machine  the measured ceilings as a device; GPU names matched to the database
"""

from core.bench.measurements import (
    REQUIRED_KEYS,
    MeasurementWriter,
    ReadResult,
    default_measurements_path,
    point_to_json,
    read_measurements,
)
from core.bench.suites import (
    SUITES,
    Case,
    Outcome,
    build_suite,
    cpu_name,
    default_threads,
    device_name,
    eta_seconds,
    run_case,
    run_suite,
)
from core.bench.this_machine import (
    THIS_MACHINE_ID,
    match_hardware,
    this_machine,
)
from core.bench.timing import (
    NOISY_SPREAD,
    Cancelled,
    Timing,
    cache_flush_bytes,
    quartiles,
    time_op,
)

__all__ = [
    "NOISY_SPREAD",
    "REQUIRED_KEYS",
    "SUITES",
    "THIS_MACHINE_ID",
    "Cancelled",
    "Case",
    "MeasurementWriter",
    "Outcome",
    "ReadResult",
    "Timing",
    "build_suite",
    "cache_flush_bytes",
    "cpu_name",
    "default_measurements_path",
    "default_threads",
    "device_name",
    "eta_seconds",
    "match_hardware",
    "point_to_json",
    "quartiles",
    "read_measurements",
    "run_case",
    "run_suite",
    "this_machine",
    "time_op",
]
