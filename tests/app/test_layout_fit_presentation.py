"""Every tab fits 1280×720 in a window *started* in presentation mode, as ``screenshot
--presentation`` starts it (``test_layout_fit.py`` switches one window into it instead).

A module of its own: the two windows must not live at once, since each applies its theme to the
whole application (fonts, style sheet), and one would size its tabs in the other's theme.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLabel

from app.layout_audit import audit, settle
from app.main_window import MainWindow
from app.settings import Preferences
from app.tabs import TABS
from tests.app.plan_views import plan_views_problems


@pytest.fixture(scope="module")
def presentation_window():
    """A window started in presentation mode, as ``screenshot --presentation`` starts it."""
    from app.theme import apply_theme, theme

    app = QApplication.instance() or QApplication([])
    prefs = Preferences(ephemeral=True)
    prefs.presentation = True
    apply_theme(app, theme("light", True))
    win = MainWindow(preferences=prefs)
    win.resize(1280, 720)
    win.show()
    for spec in TABS:
        page = win.show_tab(spec.id)
        app.processEvents()
        if hasattr(page, "prepare_screenshot"):
            page.prepare_screenshot()
    yield win
    win.stop_background_work()
    apply_theme(app, theme("light", False))
    import shiboken6

    shiboken6.delete(win)


def _settle() -> None:
    """Let the window finish laying out (a fixed few event passes left relayouts in flight)."""
    import shiboken6

    for window in QApplication.topLevelWidgets():
        # Settling one window can delete another top-level widget listed with it (a combo's popup
        # frame rebuilt by a restyle): skip a wrapper whose widget is gone.
        if shiboken6.isValid(window) and window.isVisible():
            settle(window)


@pytest.mark.parametrize("tab", [s.id for s in TABS])
def test_tab_fits_when_started_in_presentation(presentation_window: MainWindow, tab: str) -> None:
    window = presentation_window
    window.resize(1280, 720)
    window.show_tab(tab)
    _settle()
    problems = audit(window, scrollbars=True)
    if (window.width(), window.height()) != (1280, 720):
        problems.insert(0, f"the window is {window.width()}x{window.height()}, not 1280x720")
    assert not problems, "\n".join(problems)


def test_einops_examples_fit_when_started_in_presentation(presentation_window: MainWindow) -> None:
    """Every example of the Examples menu fits 1280x720, not only the one a screenshot shows."""
    from core.einops.examples import EXAMPLES

    window = presentation_window
    window.resize(1280, 720)
    page = window.show_tab("einops")
    problems = []
    try:
        for example in EXAMPLES:
            page.load_example(example)
            page.prepare_screenshot()
            _settle()
            found = audit(window, scrollbars=True)
            if (window.width(), window.height()) != (1280, 720):
                found.insert(0, f"the window is {window.width()}x{window.height()}")
            problems += [f"{example.title}: {p}" for p in found]
    finally:
        page.load_example(EXAMPLES[1])
        page.prepare_screenshot()
    assert not problems, "\n".join(problems)


def test_plan_views_and_input_pages_fit_when_started_in_presentation(
    presentation_window: MainWindow,
) -> None:
    window = presentation_window
    window.resize(1280, 720)
    problems = plan_views_problems(window, _settle)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("model", ["llama2-7b", "mlp"])
def test_memory_with_a_large_model_fits_when_started_in_presentation(
    presentation_window: MainWindow, model: str
) -> None:
    """llama2-7b's answers (it fits no GPU: long "none: ..." readouts and a long step-time
    caption) once asked for 1,299 px of the 1280x720 slide."""
    window = presentation_window
    window.resize(1280, 720)
    page = window.show_tab("memory")
    saved = page.session_state()
    try:
        page.controls.model.setCurrentIndex(page.controls.model.findData(model))
        _settle()
        window.resize(1280, 720)
        _settle()
        problems = audit(window, scrollbars=True)
        if (window.width(), window.height()) != (1280, 720):
            problems.insert(0, f"the window is {window.width()}x{window.height()}, not 1280x720")
        title = page.bars.getPlotItem().getAxis("left").label
        room = page.bars.getPlotItem().vb.height()
        from PySide6.QtGui import QFontMetricsF

        if QFontMetricsF(title.font()).horizontalAdvance(title.toPlainText()) > room:
            problems.append(f"the bars' axis title {title.toPlainText()!r} is longer than the axis")
        # A readout shortened for the slide keeps its whole text (the reason) in its tooltip.
        for key, label in page.readouts.items():
            if label.text() == "none" and not label.toolTip().startswith("none: "):
                problems.append(f"{key}: 'none' without its reason in the tooltip")
    finally:
        page.restore_session(saved)
        _settle()
    assert not problems, "\n".join(problems)


def test_the_plan_chart_keeps_a_useful_height_on_a_slide(presentation_window: MainWindow) -> None:
    """At 1280x720 the Plan chart's axes had ~140 px for 260 layouts (the result card's verdict
    sentence and the legend row took the rest); the sentence now folds into the headline's
    tooltip and the axes keep at least 160 px, the legend row saying what the hollow circles
    and the ring mean."""
    window = presentation_window
    window.resize(1280, 720)
    page = window.show_tab("plan")
    page.prepare_screenshot()
    _settle()
    assert (window.width(), window.height()) == (1280, 720)
    axes = page.chart.plot.getPlotItem().getViewBox().height()
    assert axes >= 160, f"the chart's axes are {axes:.0f} px high"
    legend = " ".join(label.text() for label in page.chart.legend.findChildren(QLabel))
    assert "does not fit" in legend and "chosen" in legend, legend
    assert page.sentence.text() and page.sentence.text() in page.headline.toolTip()
