"""The sentences the einops analysis writes for people: English for the CLI, translatable for the UI.

Each explanation and error is a :class:`core.texts.Text` whose English is what the CLI prints and
whose template the window looks up in the catalog; no sentence may lose its template on the way
(a plain ``str`` would stay English in a Chinese window).
"""

from __future__ import annotations

import pytest
from einops_cases import INVALID, VALID, case_id

from core.einops.analysis import analyse
from core.einops.report import cost_line, strides_line, view_line
from core.einops.run import run_real
from core.einops.text import parse_axes, parse_shape_list
from core.errors import InputError
from core.roofline.ops import lecture_count_note
from core.texts import Text, translate


def _translatable(value: str) -> bool:
    """A Text whose own template (or, for a joined one, every part) has a context."""
    if not isinstance(value, Text):
        return False
    if value.context:
        return True
    return all(_translatable(v) or not str(v).strip() or _data(str(v)) for v in value.args.values())


def _data(text: str) -> bool:
    """The pattern with carets under it (two indented lines): data, not a sentence."""
    return text.startswith("  ")


def test_format_keeps_a_sentence_translatable() -> None:
    made = translate("Einops", "axis {name} twice").format(name="'h'")
    assert made == "axis 'h' twice"
    assert (made.context, made.template, made.args) == (
        "Einops",
        "axis {name} twice",
        {"name": "'h'"},
    )


@pytest.mark.parametrize("case", INVALID, ids=case_id)
def test_every_error_is_translatable(case) -> None:
    op, pattern, shapes, axes, kw = case
    res = analyse(op, pattern, shapes, axes, **kw)
    assert not res.valid and res.error
    assert _translatable(res.error), repr(res.error)


@pytest.mark.parametrize("case", VALID, ids=case_id)
def test_every_explanation_is_translatable(case) -> None:
    op, pattern, shapes, axes, kw = case
    res = analyse(op, pattern, shapes, axes, **kw)
    assert res.valid, res.error
    for line in (cost_line(res), view_line(res), strides_line(res), res.flop_convention):
        assert _translatable(line), repr(line)
    for step in res.plan:
        assert _translatable(step.detail), repr(step.detail)
    for axis in res.axes:
        assert not axis.note or _translatable(axis.note), repr(axis.note)
    for warning in res.warnings:
        assert _translatable(warning), repr(warning)
    assert not res.flops_note or _translatable(res.flops_note)


@pytest.mark.parametrize(
    ("flops", "lecture"), [(144.0, 132.0), (2 * 4096**3, 2 * 4096**3 - 4096**2), (24.0, 18.0)]
)
def test_the_lecture_note_is_translatable_and_says_the_counts(flops: float, lecture: float) -> None:
    note = lecture_count_note(flops, lecture)
    assert isinstance(note, Text) and note.context == "Einops"
    # By hand: both counts written out, and the share the lecture's count is lower.
    assert f"{lecture:,.0f} FLOPs" in note and f"{flops:,.0f} counted here" in note
    assert f"{1 - lecture / flops:.2%} fewer" in note
    assert lecture_count_note(flops, flops) == ""


@pytest.mark.parametrize(
    "parse",
    [
        lambda: parse_shape_list("2,x"),
        lambda: parse_shape_list("2,3;" * 30),
        lambda: parse_shape_list("2,-1,-1", allow_minus_one=True),
        lambda: parse_axes("h"),
        lambda: parse_axes("h=2, h=3"),
        lambda: parse_axes("h=99999999999999"),
    ],
)
def test_input_errors_are_translatable(parse) -> None:
    with pytest.raises(InputError) as info:
        parse()
    assert _translatable(info.value.message), repr(info.value.message)


def test_real_run_refusals_and_printouts_are_translatable() -> None:
    res = analyse("rearrange", "a b -> b a", [(2, 3)])
    run = run_real(res)
    assert all(_translatable(t) for t in run.inputs + run.outputs)
    big = analyse("reduce", "a b -> a", [(10_000, 10_000)], reduction="sum")
    with pytest.raises(InputError) as info:
        run_real(big)
    assert _translatable(info.value.message)
