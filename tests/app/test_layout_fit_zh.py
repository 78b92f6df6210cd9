"""Chinese fits too: every tab in zh_CN and zh_TW, at the default size and at 1280×720 presentation.

Chinese strings are shorter in characters and wider per glyph than the English; the same layout
check as ``test_layout_fit.py`` (:func:`app.layout_audit.audit`) runs on windows built in each
catalog's language. Tabs come from :data:`app.tabs.TABS`, so a tab added later is covered.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from app.i18n import language_manager
from app.layout_audit import audit, settle
from app.main_window import MainWindow
from app.settings import Preferences
from app.tabs import TABS
from app.theme import apply_theme, theme

#: Tests of one window (language and mode) run one after another (tests/conftest.py): each window
#: is built once, not again whenever a shuffled order alternates them.
GROUP_BY = ("window",)

#: (name, size or None for the default, presentation mode)
MODES = (("default", None, False), ("presentation-1280x720", (1280, 720), True))


def _has_cjk_font() -> bool:
    from PySide6.QtGui import QFontDatabase

    systems = (QFontDatabase.WritingSystem.SimplifiedChinese,
               QFontDatabase.WritingSystem.TraditionalChinese)  # fmt: skip
    return all(QFontDatabase.families(system) for system in systems)


def _window(language: str, presentation: bool) -> MainWindow:
    app = QApplication.instance() or QApplication([])
    if not _has_cjk_font():
        pytest.skip("no CJK font installed (Debian: apt install fonts-noto-cjk; .ci/run does)")
    assert language_manager().install(language) is None
    prefs = Preferences(ephemeral=True)
    prefs.presentation = presentation
    apply_theme(app, theme("light", presentation))
    return MainWindow(preferences=prefs)


@pytest.fixture(scope="module", params=[(lang, m) for lang in ("zh_CN", "zh_TW") for m in MODES],
                ids=lambda p: f"{p[0]}-{p[1][0]}")  # fmt: skip
def window(request):
    language, (_name, size, presentation) = request.param
    win = _window(language, presentation)
    win.resize(*(size or (1280, 820)))
    win.show()
    win.expected_size = size or (1280, 820)
    win.scrollbars = presentation
    yield win
    win.stop_background_work()
    import shiboken6

    shiboken6.delete(win)
    language_manager().install("en")
    apply_theme(QApplication.instance(), theme("light", False))


@pytest.mark.parametrize("tab", [spec.id for spec in TABS])
def test_tab_fits_in_chinese(window: MainWindow, tab: str) -> None:
    page = window.show_tab(tab)
    settle(window)
    if hasattr(page, "prepare_screenshot"):
        page.prepare_screenshot()
        settle(window)
    problems = audit(window, scrollbars=window.scrollbars)
    got = (window.width(), window.height())
    if got != window.expected_size:
        problems.insert(0, f"the window is {got[0]}x{got[1]}, not {window.expected_size}")
    assert not problems, "\n".join(problems)


def _problems(window: MainWindow) -> list[str]:
    settle(window)
    problems = audit(window, scrollbars=window.scrollbars)
    got = (window.width(), window.height())
    if got != window.expected_size:
        problems.insert(0, f"the window is {got[0]}x{got[1]}, not {window.expected_size}")
    return problems


def test_einops_examples_fit_in_chinese(window: MainWindow) -> None:
    """Every example of the Examples menu, not only the one a screenshot shows."""
    from core.einops.examples import EXAMPLES

    page = window.show_tab("einops")
    page.prepare_screenshot()
    first = EXAMPLES[1]
    problems = []
    try:
        for example in EXAMPLES:
            page.load_example(example)
            page.prepare_screenshot()
            problems += [f"{example.title}: {p}" for p in _problems(window)]
    finally:
        page.load_example(first)
        page.prepare_screenshot()
    assert not problems, "\n".join(problems)


def _legend_inside(page) -> str | None:
    """The bar chart's legend is drawn inside the chart, in the axes or beside them (the audit
    sees widgets, not plot items; tests/app/test_memory_chart_layout.py checks what it covers)."""
    legend = page.bars.legend().sceneBoundingRect()
    plot = page.bars.getPlotItem().sceneBoundingRect()
    if not plot.adjusted(-1, -1, 1, 1).contains(legend):
        return f"the bar legend {legend.getCoords()} leaves the chart {plot.getCoords()}"
    return None


def test_memory_per_rank_trace_and_timeline_fit_in_chinese(window: MainWindow, qtbot) -> None:
    """ZeRO-3 over 2 GPUs traces rank 0 too (a note above the bars, a fourth bar); in
    presentation mode the note folds away and the timeline unfolds in the bars' place."""
    page = window.show_tab("memory")
    saved = page.session_state()
    try:
        for key, text in (("d", "64"), ("layers", "2"), ("batch", "4"), ("gpus", "2")):
            page.controls.fields[key].setText(text)
        page.controls.zero.setCurrentIndex(page.controls.zero.findData("3"))
        with qtbot.waitSignal(page.traceFinished, timeout=120_000):
            page.start_trace()
        qtbot.waitUntil(lambda: not page.runner.is_running(), timeout=10_000)
        assert page.rank is not None
        if window.scrollbars:  # presentation: the note folds into the status's tooltip
            assert page.status.toolTip() == page.rank_note.text() != ""
        else:
            assert page.rank_note.isVisibleTo(page)
        problems = _problems(window)
        problems += [p for p in [_legend_inside(page)] if p]
        if page.timeline_toggle.isVisibleTo(page):
            page.timeline_toggle.setChecked(True)
            problems += [f"timeline: {p}" for p in _problems(window)]
            page.timeline_toggle.setChecked(False)
        assert not problems, "\n".join(problems)
    finally:
        page.timeline_toggle.setChecked(False)
        page.restore_session(saved)


def test_plan_views_and_input_pages_fit_in_chinese(window: MainWindow) -> None:
    """Every view (chart, ranked layouts, assumptions) and input page of the Plan tab."""
    page = window.show_tab("plan")
    page.prepare_screenshot()
    problems = []
    try:
        for view in range(page.views.count()):
            page.views.setCurrentIndex(view)
            for inputs in range(page.inputs.pages.count()):
                page.inputs.pages.setCurrentIndex(inputs)
                problems += [f"view {view}, input page {inputs}: {p}" for p in _problems(window)]
    finally:
        page.views.setCurrentIndex(0)
        page.inputs.pages.setCurrentIndex(0)
    assert not problems, "\n".join(problems)
