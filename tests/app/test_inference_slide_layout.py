"""The Inference tab on a 1280×720 slide in zh_CN, zh_TW and English (and dark): the curves'
legends lie whole inside their charts' widget, each item on one row, the dashed line's item
"largest batch N" with its sentence in the tooltip; every roof and ridge label is drawn inside
the box the label layout reserved for it (a Chinese label's fallback face is taller than its
font says: "bf16 规格值"'s backdrop had covered its dashed roof), a roof's label starts half a
line right of its bend, and both ridges are named on the chart.
"""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

from app.i18n import language_manager
from app.layout_audit import settle
from app.main_window import MainWindow
from app.settings import Preferences
from app.theme import apply_theme, theme

#: Tests of one window run one after another (tests/conftest.py).
GROUP_BY = ("window",)

CASES = (("zh_CN", "light"), ("zh_TW", "light"), ("en", "light"), ("en", "dark"))


def _has_cjk_font() -> bool:
    from PySide6.QtGui import QFontDatabase

    systems = (QFontDatabase.WritingSystem.SimplifiedChinese,
               QFontDatabase.WritingSystem.TraditionalChinese)  # fmt: skip
    return all(QFontDatabase.families(system) for system in systems)


@pytest.fixture(scope="module", params=CASES, ids=lambda p: f"{p[0]}-{p[1]}")
def window(request):
    language, colours = request.param
    app = QApplication.instance() or QApplication([])
    if language != "en" and not _has_cjk_font():
        pytest.skip("no CJK font installed (Debian: apt install fonts-noto-cjk; .ci/run does)")
    assert language_manager().install(language) is None
    prefs = Preferences(ephemeral=True)
    prefs.presentation = True
    prefs.theme = colours
    apply_theme(app, theme(colours, True))
    win = MainWindow(preferences=prefs)
    win.resize(1280, 720)
    win.show()
    win.show_tab("inference")
    settle(win)
    yield win
    win.stop_background_work()
    import shiboken6

    shiboken6.delete(win)
    language_manager().install("en")
    apply_theme(QApplication.instance(), theme("light", False))


def _in(widget, ancestor) -> QRect:
    return QRect(widget.mapTo(ancestor, widget.rect().topLeft()), widget.size())


def test_curve_legends_lie_whole_inside_their_chart(window):
    page = window.show_tab("inference")
    curves = page.curves
    assert (window.width(), window.height()) == (1280, 720)
    box = curves.rect()
    for legend, plot in ((curves.latency_legend, curves.latency),
                         (curves.throughput_legend, curves.throughput)):  # fmt: skip
        labels = legend.labels()
        assert labels
        plot_top = _in(plot, curves).top()
        for label in labels:
            rect = _in(label, curves)
            assert box.contains(rect), f"{label.text()!r} {rect} leaves the chart {box}"
            assert rect.width() >= label.sizeHint().width(), f"{label.text()!r} is cut"
            assert rect.height() <= label.sizeHint().height() + 1, f"{label.text()!r} wraps"
            assert rect.bottom() < plot_top, f"{label.text()!r} runs into its chart"
        rects = [_in(label, curves) for label in labels]
        for i, a in enumerate(rects):
            assert not any(a.intersects(b) for b in rects[i + 1 :])
    most = f"{page.result.max_batch:,}"
    last = curves.latency_legend.labels()[-1]
    assert most in last.text() and most in last.toolTip()


def test_roof_and_ridge_labels_are_drawn_where_they_were_placed(window):
    page = window.show_tab("inference")
    plot = page.roofline
    labels = [*plot._roof_labels, *plot._ridge_texts]
    shown = {}
    for text, roof in labels:
        rect = plot.label_rect(text)
        if rect is None:
            continue
        drawn = text.sceneBoundingRect()
        left, top, right, bottom = rect
        assert left - 0.5 <= drawn.left() and drawn.right() <= right + 0.5, text.toPlainText()
        assert top - 0.5 <= drawn.top() and drawn.bottom() <= bottom + 0.5, (
            f"{text.toPlainText()!r} drawn {drawn.getCoords()} beyond its box {rect}"
        )
        shown[(roof.key, text in [t for t, _ in plot._ridge_texts])] = (text, rect, roof)
    # Both ridges named with their numbers, both roofs labelled.
    for key in ("achievable", "datasheet"):
        assert (key, True) in shown, f"the {key} ridge has no label"
        assert (key, False) in shown, f"the {key} roof has no label"
        text, _, roof = shown[(key, True)]
        assert f"{roof.ridge[0]:.0f}" in text.toPlainText()
    # A roof's label half a line clear of its bend.
    for key in ("achievable", "datasheet"):
        text, rect, roof = shown[(key, False)]
        knee_x, _ = plot._scene(math.log10(roof.ridge[0]), math.log10(roof.ridge[1]))
        assert rect[0] >= knee_x + (rect[3] - rect[1]) / 2 - 0.5


def test_the_hub_fetch_row_fits_the_slide(window, tmp_path, monkeypatch):
    """An uncached Hub id (offline, an empty cache): the row across the form, one line as tall
    as its button, and nothing cut or scrolled (:func:`app.layout_audit.audit`)."""
    from app.layout_audit import audit

    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hub"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    page = window.show_tab("inference")
    try:
        page.inputs.model_box.set_model("meta-llama/Llama-3.1-8B")
        page.recompute()
        settle(window)
        row = page.inputs.hub_row
        assert row.isVisible() and "meta-llama/Llama-3.1-8B" in row.message.toolTip()
        assert row.height() <= row.fetch_button.height() + 1
        assert row.width() > page.inputs.model_box.width()  # across the form, not the field
        assert audit(window, scrollbars=True) == []
    finally:
        page.inputs.model_box.set_model("llama3-8b")
        page.recompute()
        settle(window)
    assert page.inputs.hub_row.isHidden() and page.result is not None
