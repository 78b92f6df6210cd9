"""One training step, op by op: which aten ops forward, backward and the optimizer dispatch, what
each costs (FLOPs, bytes read and written, intensity), which module owns it, how long it takes on a
device by the roofline, and the step's time and MFU (the lecture's closing table for your model).

Modules
-------
costs     kinds, FLOPs and bytes of one aten op, with every counting convention stated once
recorder  the dispatch mode that records the ops and attributes them to modules (backward too)
trace     one fake-tensor pass of a Memory configuration, or a person's nn.Module (notebook API)
hf        a Hugging Face config.json (llama, mistral, qwen2, gpt2) read offline into a spec
hf_build  any other architecture built by transformers on fake tensors (napkinlab[hf])
predict   per-op roofline time on a device, step time (no overlap), MFU, rollups, the explanation
measure   the same step run for real (a CUDA GPU, else the CPU) under torch.profiler, op by op
compare   a measured step against the ceilings it can be compared with (This machine on a CPU)
"""

from core.step.costs import KINDS
from core.step.hf import FAMILIES, load_config, read_config, spec_from_config
from core.step.hf_build import needs_transformers, trace_hf_config, transformers_available
from core.step.measure import Measured, check_fits, measurable, measure_config
from core.step.predict import ASSUMPTION, PHASES, Prediction, by_module, explain, predict, rollup
from core.step.recorder import ROOT, OpRecord
from core.step.report import summary_table
from core.step.trace import TABLE_ROWS, StepTrace, trace_config, trace_module

__all__ = [
    "ASSUMPTION",
    "FAMILIES",
    "KINDS",
    "PHASES",
    "ROOT",
    "TABLE_ROWS",
    "Measured",
    "OpRecord",
    "Prediction",
    "StepTrace",
    "by_module",
    "check_fits",
    "explain",
    "load_config",
    "measurable",
    "measure_config",
    "needs_transformers",
    "predict",
    "read_config",
    "rollup",
    "spec_from_config",
    "summary_table",
    "trace_config",
    "trace_hf_config",
    "trace_module",
    "transformers_available",
]
