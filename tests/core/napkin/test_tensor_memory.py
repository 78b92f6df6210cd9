"""Tensor memory against torch's own sizes (meta tensors: nothing is allocated)."""

from __future__ import annotations

import math

import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from core.errors import InputError
from core.napkin.tensor import parse_shape, tensor_memory

TORCH = {
    "fp64": torch.float64,
    "fp32": torch.float32,
    "bf16": torch.bfloat16,
    "fp16": torch.float16,
    "fp8": torch.float8_e4m3fn,
    "int8": torch.int8,
}


def test_lecture_examples() -> None:
    small = tensor_memory("4,8", "fp32")
    assert small.numel == 32 and small.bytes == 4 * 8 * 4 == 128  # the lecture's assert
    gpt3 = tensor_memory("12288*4, 12288", "fp32")
    assert gpt3.bytes == 12288 * 4 * 12288 * 4
    assert round(gpt3.bytes / 1e9, 2) == 2.42 and round(gpt3.bytes / 2**30, 2) == 2.25
    assert gpt3.summary() == "2.416 GB (2.25 GiB)"


@pytest.mark.parametrize("dtype", list(TORCH))
@pytest.mark.parametrize("text", ["4,8", "12288*4, 12288", "2x3x4", "(7,)", "", "1k, 1k"])
def test_matches_torch(text: str, dtype: str) -> None:
    shape = parse_shape(text)
    meta = torch.empty(shape, dtype=TORCH[dtype], device="meta")
    answer = tensor_memory(text, dtype)
    assert answer.shape == tuple(meta.shape) and answer.numel == meta.numel()
    assert answer.bytes == meta.numel() * meta.element_size()


def test_fp4_packs_two_per_byte() -> None:
    assert tensor_memory("16", "fp4").bytes == 8


@pytest.mark.parametrize("shape", ["1", "3", "3,5", "7,9,11", "12288,49153"])
def test_odd_fp4_counts_take_whole_bytes(shape: str) -> None:
    # torch's packed float4_e2m1fn_x2 holds two values per byte: an odd count needs one more byte.
    answer = tensor_memory(shape, "fp4")
    assert answer.bytes == (answer.numel + 1) // 2 and float(answer.bytes).is_integer()
    assert "⌈" in answer.formula() and "packed" in answer.formula()


@pytest.mark.parametrize(
    "bad", ["4,,8", "a,b", "0,4", "4*-1", "1e30,1e30", "4.5", "1e9,1e9,1e9", ",".join(["2"] * 17)]
)
def test_bad_shapes_say_what_is_allowed(bad: str) -> None:
    with pytest.raises(InputError) as info:
        tensor_memory(bad, "fp32")
    assert info.value.message.startswith("shape")


@given(st.text(max_size=30))
def test_any_text_is_a_shape_or_a_message(text: str) -> None:
    try:
        shape = parse_shape(text)
    except InputError as exc:
        assert exc.message
    else:
        assert all(isinstance(d, int) and d >= 1 for d in shape) and math.prod(shape) <= 10**18
