"""What an einops call does and what it costs, answered by running einops itself on meta
tensors: validity, shapes, the plan einops takes, plain-torch code, FLOPs and bytes, errors with carets.

Modules
-------
analysis   the entry point: :func:`analyse` one call without allocating its tensors
model      the plain-data result shared by the CLI, the tab and the tests
text       shapes, axis lengths, pattern tokens and carets
transform  rearrange / reduce / repeat plans; ``codegen`` runs them and writes torch code
einsum     einsum roles and costs; ``matmul`` rewrites a two-input einsum as one matmul
pack       pack / unpack plans
errors     einops' and torch's errors turned into messages a person can act on
report     human-readable lines; ``run`` executes a call on small real tensors
examples   the lecture's einops examples
strides    a tensor as shape, strides and offset over storage; ``strides_ops`` torch's view,
           reshape, transpose, expand, indexing rules; ``strides_chain`` a typed chain of them
"""

from core.einops.analysis import (
    analyse,
    contiguous_strides,
    is_warm,
    numel,
    warm_up,
)
from core.einops.codegen import (
    apply_steps,
    base_of,
    render_code,
    render_step,
)
from core.einops.einsum import (
    EinsumPlan,
    diagnose_einsum,
    operand_tokens,
    plan_einsum,
)
from core.einops.errors import (
    clean_reason,
    compose,
    explain,
)
from core.einops.examples import (
    EXAMPLES,
    Example,
)
from core.einops.matmul import (
    matmul_code,
)
from core.einops.model import (
    FLOP_CONVENTION,
    OPS,
    REDUCTIONS,
    AxisInfo,
    EinopsAnalysis,
    PlanStep,
)
from core.einops.pack import (
    explain_pack,
    plan_pack,
    plan_unpack,
)
from core.einops.report import (
    call_text,
    cost_line,
    report_text,
    strides_line,
    view_line,
)
from core.einops.run import (
    DEFAULT_CAP,
    FLOP_CAP,
    RealRun,
    run_real,
)
from core.einops.text import (
    MAX_DIM,
    MAX_ELEMENTS,
    MAX_PATTERN,
    Token,
    caret_block,
    check_axes,
    check_shape,
    format_axes,
    format_shape,
    parse_axes,
    parse_shape,
    parse_shape_list,
    tokenize,
)
from core.einops.transform import (
    Step,
    TransformPlan,
    plan_transform,
)

__all__ = [
    "DEFAULT_CAP",
    "EXAMPLES",
    "FLOP_CAP",
    "FLOP_CONVENTION",
    "MAX_DIM",
    "MAX_ELEMENTS",
    "MAX_PATTERN",
    "OPS",
    "REDUCTIONS",
    "AxisInfo",
    "EinopsAnalysis",
    "EinsumPlan",
    "Example",
    "PlanStep",
    "RealRun",
    "Step",
    "Token",
    "TransformPlan",
    "analyse",
    "apply_steps",
    "base_of",
    "call_text",
    "caret_block",
    "check_axes",
    "check_shape",
    "clean_reason",
    "compose",
    "contiguous_strides",
    "cost_line",
    "diagnose_einsum",
    "explain",
    "explain_pack",
    "format_axes",
    "format_shape",
    "is_warm",
    "matmul_code",
    "numel",
    "operand_tokens",
    "parse_axes",
    "parse_shape",
    "parse_shape_list",
    "plan_einsum",
    "plan_pack",
    "plan_transform",
    "plan_unpack",
    "render_code",
    "render_step",
    "report_text",
    "run_real",
    "strides_line",
    "tokenize",
    "view_line",
    "warm_up",
]
