"""The communication term of the napkin training time, checked against hand arithmetic."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from core.comm.training import train_time_with_comm
from core.errors import InputError

LINK = SimpleNamespace(name="gpu", intra_node_bandwidth=100e9, inter_node_bandwidth=10e9)


def test_not_overlapped_adds_every_step():
    # 100 steps; each all-reduces 2e9 B over 4 ranks: 1.5 * 2e9 / 100e9 = 0.03 s
    answer = train_time_with_comm(1000.0, 1e9, 1e6, 1e4, LINK, 4)
    assert answer.steps == 100
    assert answer.total_s == pytest.approx(1000 + 100 * 0.03)
    assert "not overlapped" in answer.assumption


def test_overlapped_hides_behind_each_steps_compute():
    hidden = train_time_with_comm(1000.0, 1e9, 1e6, 1e4, LINK, 4, overlapped=True)
    assert hidden.total_s == 1000.0 and "overlapped with compute" in hidden.assumption
    # compute 0.01 s per step, comm 0.03 s: 0.02 s shows per step
    partly = train_time_with_comm(1.0, 1e9, 1e6, 1e4, LINK, 4, overlapped=True)
    assert partly.total_s == pytest.approx(1.0 + 100 * 0.02)


def test_lecture_question_on_1024_h100s():
    from core.roofline.hardware import load_catalog

    h100 = load_catalog([]).get("h100-sxm")
    compute = 6 * 70e9 * 15e12 / (1024 * 989.5e12 * 0.5)  # the lecture's 144 days
    answer = train_time_with_comm(compute, 70e9, 15e12, 4e6, h100, 1024, nodes=128)
    per_step = 2 * 1023 / 1024 * 140e9 / 50e9  # bf16 gradients over 400 Gb/s per GPU
    assert answer.total_s == pytest.approx(compute + 15e12 / 4e6 * per_step)


def test_a_batch_larger_than_the_run_is_refused():
    with pytest.raises(InputError, match="batch tokens"):
        train_time_with_comm(1.0, 1e9, 1e3, 1e4, LINK, 4)


def test_the_assumption_is_a_translatable_sentence_built_of_translatable_parts():
    from core.texts import Text

    answer = train_time_with_comm(1000.0, 1e9, 1e6, 1e4, LINK, 4, overlapped=True)
    sentence = answer.assumption
    assert isinstance(sentence, Text) and sentence.template == "{strategy} over {gpus} GPUs; {how}"
    assert sentence.args["how"].context == "Comm"
    assert answer.to_dict()["assumption"] == str(sentence)  # the JSON keeps the English
