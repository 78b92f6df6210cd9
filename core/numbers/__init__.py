"""How numbers are stored: exact models of every format from float64 down to float4, what
storing a value does to it, and block-scaled formats (OCP MX, NVFP4).

Modules
-------
formats        the formats' fields, special values and decoding
codec          round-to-nearest-even encoding (scalars and arrays)
analysis       stored value, errors, ulp, neighbours and comparisons of one value
value_text     a safe parser for typed values and bit codes (never ``eval``)
blockscale     MX / NVFP4 quantisation with per-block statistics
block_vectors  vectors to quantise: generated, typed or loaded from ``.npy``
"""

from core.numbers.analysis import (
    Analysis,
    analyze,
    analyze_code,
    compare,
    fields_text,
    format_info,
    format_summary,
    formula,
    neighbours,
)
from core.numbers.block_vectors import (
    GENERATORS,
    generate,
    load_npy,
    parse_generate_spec,
    parse_vector,
)
from core.numbers.blockscale import (
    BLOCK_FORMATS,
    BlockFormat,
    BlockResult,
    error_histograms,
    get_block_format,
    quantize,
)
from core.numbers.codec import (
    Encoded,
    Number,
    encode,
    round_array,
)
from core.numbers.formats import (
    CLASSES,
    DTYPE_TO_FORMAT,
    FORMAT_IDS,
    FORMATS,
    POLICIES,
    FloatFormat,
    classify_array,
    decode,
    decode_array,
    format_for_dtype,
    get_format,
)
from core.numbers.value_text import (
    MAX_EXPONENT,
    Parsed,
    parse_code,
    parse_value,
    parse_value_text,
)

__all__ = [
    "BLOCK_FORMATS",
    "CLASSES",
    "DTYPE_TO_FORMAT",
    "FORMATS",
    "FORMAT_IDS",
    "GENERATORS",
    "MAX_EXPONENT",
    "POLICIES",
    "Analysis",
    "BlockFormat",
    "BlockResult",
    "Encoded",
    "FloatFormat",
    "Number",
    "Parsed",
    "analyze",
    "analyze_code",
    "classify_array",
    "compare",
    "decode",
    "decode_array",
    "encode",
    "error_histograms",
    "fields_text",
    "format_for_dtype",
    "format_info",
    "format_summary",
    "formula",
    "generate",
    "get_block_format",
    "get_format",
    "load_npy",
    "neighbours",
    "parse_code",
    "parse_generate_spec",
    "parse_value",
    "parse_value_text",
    "parse_vector",
    "quantize",
    "round_array",
]
