"""The tabs draw their text in the bundled fonts (``resources/fonts``), not the machine's.

The Einops tab's code views and pattern field, and the Dtypes tab's formula (a style-sheet font),
are checked by the font file Qt draws them in (its ``head`` table, as in
``tests/widgets/test_fonts.py``), in both themes' sizes: presentation mode sets new fonts.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from app.state import AppState
from app.tabs.dtypes_tab import DtypesPage
from app.tabs.einops_tab import EinopsPage
from app.theme import apply_theme, theme
from tests.widgets.test_fonts import file_head, head
from widgets.fonts import FILES, MONO, SANS


def _drawn_in(widget: QWidget) -> str:
    """The bundled file ``widget``'s text is drawn in, or what else it is."""
    for name in (n for names in FILES.values() for n in names):
        if head(widget.font()) == file_head(name):
            return name
    return f"not a bundled file: {widget.font().family()!r}"


@pytest.mark.parametrize("presentation", [False, True])
def test_einops_and_dtypes_code_is_drawn_in_the_bundled_mono(qtbot, presentation: bool) -> None:
    app = QApplication.instance()
    t = theme("light", presentation)
    apply_theme(app, t)
    einops = EinopsPage(AppState())
    dtypes = DtypesPage(AppState())
    for page in (einops, dtypes):
        qtbot.addWidget(page)
        page.apply_theme(t)
        page.show()
    app.processEvents()
    try:
        for widget in (
            einops.code.edit, einops.pattern, einops.status, einops.values.inputs,
            dtypes.bits_view.formula_label,
        ):  # fmt: skip
            assert widget.font().family() == MONO
            assert _drawn_in(widget) == "DejaVuSansMono.ttf", type(widget).__name__
        assert QApplication.font().family() == SANS
        assert _drawn_in(einops.headline) == "DejaVuSans-Bold.ttf"  # a card title: weight 600
        assert _drawn_in(einops.cost) == "DejaVuSans.ttf"
        assert einops.code.edit.font().pointSizeF() == pytest.approx(t.base_pt * t.scale)
    finally:
        for page in (einops, dtypes):
            page.shutdown()
        apply_theme(app, theme("light", False))
