"""One run, three places: the Plan headline, the Napkin training-time card after "Use in Napkin"
and the Napkin communication card give the same days, each with its MFU convention named.

The run is llama3-8b on 8 H100 (1,024 sequences of 4,096 per step, 15T tokens), the Plan's
fastest layout that fits. Every figure is derived here by hand from the plan's tokens/s: days =
tokens / (tokens/s), MFU in 6·N·D = 6·N·tokens/s / (peak · GPUs), PaLM's MFU adds 12·L·H·Q·T per
token (the attention's FLOPs).
"""

from __future__ import annotations

import pytest

from app.plan_worker import run_plan
from app.settings import Preferences
from core.plan import Constraints
from core.plan.options import planned_input
from core.units import format_duration

pytest.importorskip("torch")


@pytest.fixture(scope="module")
def llama(qapp):
    inp, _ = planned_input(model="llama3-8b", seq=4096, global_batch=1024, device="h100-sxm",
                           gpus=8, tokens="15T")  # fmt: skip
    return run_plan(inp, Constraints())


@pytest.fixture
def window(qtbot):
    from app.main_window import MainWindow

    win = MainWindow(preferences=Preferences(ephemeral=True), menus=False)
    qtbot.addWidget(win)
    win.state.set_device("h100-sxm")
    return win


def test_plan_napkin_and_the_communication_card_agree(llama, window) -> None:
    plan_page = window.show_tab("plan")
    plan_page.set_job(llama)
    res = plan_page.chosen()
    assert res.fits and res.inp.cluster.device.id == "h100-sxm"
    spec, gpus, peak = res.inp.model, 8, res.peak_flops
    days = 15e12 / res.tokens_per_s / 86400
    # PaLM's MFU (the headline's): (6·N + 12·L·H·Q·T) per token, N every matmul weight with the
    # head: per layer Q and O (d²), K and V (d·kv), the gated MLP's three d·ffn; the head V·d.
    d, kv, f = spec.d_model, spec.kv_dim, spec.ffn
    assert (d, kv, f, spec.layers, spec.vocab) == (4096, 1024, 14336, 32, 128256)  # Llama 3 8B
    n_matmul = 32 * (2 * d * d + 2 * d * kv + 3 * d * f) + 128256 * d
    palm = (6 * n_matmul + 12 * spec.layers * spec.heads * spec.head_dim * 4096) * res.tokens_per_s
    assert res.mfu == pytest.approx(palm / (peak * gpus), rel=1e-9)
    six_n = 6 * spec.param_count * res.tokens_per_s / (peak * gpus)
    headline = plan_page.headline.text()
    assert f"MFU {res.mfu:.1%}" in headline and format_duration(days * 86400) in headline

    plan_page.use_in_napkin()
    napkin = window.current_page()
    assert napkin.tab_id == "napkin" and window.state.dtype == "bf16"
    assert napkin.fields["mfu"].value() == pytest.approx(six_n, rel=1e-5)
    # Napkin's 6·N·D days at the 6·N MFU are the Plan's days.
    napkin_days = 6 * spec.param_count * 15e12 / (peak * napkin.fields["mfu"].value() * gpus)
    assert napkin_days / 86400 == pytest.approx(days, rel=1e-5)
    shown = format_duration(days * 86400)
    assert napkin.time_card.headline.text() == shown
    line = napkin.time_card.detail.text()
    assert f"MFU {six_n:.1%} in 6·N·D" in line and f"headline MFU {res.mfu:.1%}" in line
    assert res.layout.label() in line
    # The communication card: the Plan's layout, its exposed communication by hand, and the same
    # days (that communication is inside the throughput the MFU came from).
    assert napkin.comm_card.headline.text() == shown
    exposed = sum(res.breakdown[k] for k in ("tp_comm", "cp_comm", "pp_comm", "dp_comm"))
    comm_line = napkin.comm_card.detail.text()
    assert f"the Plan's {res.layout.label()}: {format_duration(exposed, 3)} of each" in comm_line
    assert f"{format_duration(res.step_time_s, 3)} step" in comm_line
    unc = __import__("app.tabs.plan_view", fromlist=["likely"]).likely(res)
    assert (
        f"its days, likely {unc.days[0]:,.0f}–{unc.days[1]:,.0f}" in napkin.comm_card.formula.text()
    )


def test_a_changed_field_leaves_the_plans_run(llama, window) -> None:
    plan_page = window.show_tab("plan")
    plan_page.set_job(llama)
    plan_page.use_in_napkin()
    napkin = window.current_page()
    assert napkin.session_state()["plan"]["layout"] == plan_page.chosen().layout.label()
    napkin.fields["mfu"].setText("0.4")  # no longer the Plan's run: the card's own layouts
    assert "the Plan's" not in napkin.comm_card.detail.text()
    assert "6·N·D (no attention" not in napkin.time_card.detail.text()
    assert napkin.comm_card.formula.text().startswith(("plain data parallelism", "ZeRO-"))


def test_a_broken_plan_in_a_session_is_reported_not_applied(window) -> None:
    napkin = window.show_tab("napkin")
    problems = napkin.restore_session({"plan": {"layout": "TP 1", "mfu": "high"}})
    assert napkin.plan is None and len(problems) == 1 and "plan:" in problems[0]


def test_open_in_step_says_why_its_figures_differ(llama, window) -> None:
    from app.tabs import plan_view as view

    res = llama["results"][0]
    said = view.step_difference(res)
    assert "one GPU" in said and "unsharded" in said and f"{res.mfu:.1%}" in said
    assert "4,096-wide layer" in said  # llama3-8b's width
