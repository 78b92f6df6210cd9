"""Light and dark themes and the presentation mode (larger fonts and lines for slides).

A :class:`Theme` is plain data; :func:`apply_theme` puts it on the application (Fusion style,
palette, style sheet) and, only if pyqtgraph is already loaded, on pyqtgraph's defaults. Tabs with
plots re-colour themselves in ``TabPage.apply_theme``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

from core.safe_io import read_resource_text
from widgets.fonts import install_fonts

__all__ = ["THEMES", "Theme", "apply_theme", "theme"]


@dataclass(frozen=True)
class Theme:
    """Colours and sizes of one look.

    Attributes
    ----------
    series
        Distinct colours for plot series (devices, dtypes, categories), readable on ``plot_bg``.
    scale
        Font and line scale: 1.0 normally, larger in presentation mode.
    """

    name: str
    dark: bool
    window: str
    card: str
    border: str
    text: str
    muted: str
    accent: str
    warning: str
    error: str
    plot_bg: str
    plot_fg: str
    grid_alpha: float
    series: tuple[str, ...]
    scale: float = 1.0
    base_pt: float = 10.0

    @property
    def line_width(self) -> float:
        """Plot line width in pixels for this scale."""
        return 2.0 * self.scale

    def presentation(self, on: bool) -> Theme:
        """The same theme with presentation sizes (fonts ×1.4, lines ×1.5) or normal ones."""
        from dataclasses import replace

        return replace(self, scale=1.4 if on else 1.0)


_SERIES_LIGHT = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#9467bd",
    "#ff7f0e",
    "#17becf",
    "#8c564b",
    "#e377c2",
    "#bcbd22",
)
_SERIES_DARK = (
    "#4fa3ff",
    "#ff6b6b",
    "#5fd35f",
    "#c39bff",
    "#ffb347",
    "#4dd8e6",
    "#d8a47f",
    "#ff9ad5",
    "#d6d65c",
)

THEMES: dict[str, Theme] = {
    "light": Theme(
        "light",
        False,
        window="#f4f5f7",
        card="#ffffff",
        border="#d6d9de",
        text="#1d2330",
        muted="#5a6372",
        accent="#1a5fb4",
        warning="#b35c00",
        error="#c01c28",
        plot_bg="#ffffff",
        plot_fg="#1d2330",
        grid_alpha=0.25,
        series=_SERIES_LIGHT,
    ),
    "dark": Theme(
        "dark",
        True,
        window="#1e2127",
        card="#272b33",
        border="#3a404b",
        text="#e8eaed",
        muted="#a4acb9",
        accent="#78aeff",
        warning="#ffb347",
        error="#ff7b7b",
        plot_bg="#1b1e24",
        plot_fg="#e8eaed",
        grid_alpha=0.3,
        series=_SERIES_DARK,
    ),
}


def theme(name: str, presentation: bool = False) -> Theme:
    """The named theme (``light`` or ``dark``), optionally in presentation mode."""
    base = THEMES.get(name, THEMES["light"])
    return base.presentation(presentation)


def _palette(t: Theme) -> QPalette:
    palette = QPalette()
    role = QPalette.ColorRole
    colours = {
        role.Window: t.window,
        role.WindowText: t.text,
        role.Base: t.card,
        role.AlternateBase: t.window,
        role.Text: t.text,
        role.Button: t.card,
        role.ButtonText: t.text,
        role.ToolTipBase: t.card,
        role.ToolTipText: t.text,
        role.Highlight: t.accent,
        role.HighlightedText: "#ffffff" if not t.dark else "#10131a",
        role.PlaceholderText: t.muted,
        role.Link: t.accent,
    }
    for r, colour in colours.items():
        palette.setColor(r, QColor(colour))
    palette.setColor(QPalette.ColorGroup.Disabled, role.Text, QColor(t.muted))
    palette.setColor(QPalette.ColorGroup.Disabled, role.ButtonText, QColor(t.muted))
    return palette


def style_sheet(t: Theme) -> str:
    """The application style sheet with the theme's tokens filled in."""
    text = read_resource_text("styles/app.qss")
    tokens = {
        "@window": t.window,
        "@card": t.card,
        "@border": t.border,
        "@text": t.text,
        "@muted": t.muted,
        "@accent": t.accent,
        "@warning": t.warning,
        "@error": t.error,
        "@headline_pt": f"{round(t.base_pt * 2.0 * t.scale)}pt",
        "@title_pt": f"{round(t.base_pt * 1.25 * t.scale)}pt",
        "@small_pt": f"{round(t.base_pt * 0.9 * t.scale)}pt",
    }
    for token in sorted(tokens, key=len, reverse=True):
        text = text.replace(token, tokens[token])
    return text


def apply_theme(app: QApplication, t: Theme) -> None:
    """Apply ``t`` to the whole application."""
    if app.property("napkinlab_style") != "Fusion":  # make_application already chose it
        app.setStyle("Fusion")
        app.setProperty("napkinlab_style", "Fusion")
    app.setPalette(_palette(t))
    install_fonts()  # the bundled families (once), whoever made the application
    font = QFont(app.font())
    font.setPointSizeF(t.base_pt * t.scale)
    app.setFont(font)
    sheet = style_sheet(t)
    if app.styleSheet() != sheet:  # Qt repolishes every widget even for the same sheet (1-2 s)
        app.setStyleSheet(sheet)
    if "pyqtgraph" in sys.modules:
        import pyqtgraph

        pyqtgraph.setConfigOptions(background=t.plot_bg, foreground=t.plot_fg, antialias=True)
