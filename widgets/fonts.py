"""The fonts that travel with the app, so text is laid out and drawn alike on every machine.

Napkin Lab draws its Latin text in **DejaVu Sans** and its code, patterns and formulas in **DejaVu
Sans Mono**, both shipped in ``resources/fonts`` (regular and bold; the Bitstream Vera licence with
DejaVu's public-domain changes, ``resources/fonts/LICENSE-DejaVu.txt``; see docs/fonts.md).
Asking the system for "monospace" or "Sans Serif" gave whatever fontconfig preferred on that
machine: with Ghostscript's and Noto's fonts installed (ImageMagick pulls them in) "monospace"
became Noto Sans Mono, wider than DejaVu Sans Mono, and the Einops tab no longer fit 1280×720.
matplotlib ships DejaVu for the same reason.

:func:`install_fonts` adds the files to Qt's font database and makes DejaVu Sans the application
font; it runs once per application, before any widget is made (:func:`app.gui.make_application`,
:func:`app.theme.apply_theme` and the test fixtures call it). Fonts are then chosen by family name
(:data:`SANS`, :data:`MONO`, :func:`mono_font`), never by the system's generic names. Characters
DejaVu lacks (Chinese) come from the system's fonts through Qt's fallback, as before.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

from core.safe_io import resource_path

__all__ = ["FILES", "MONO", "SANS", "START_POINT_SIZE", "font_path", "install_fonts", "mono_font"]

#: The proportional family of every label, table and chart.
SANS = "DejaVu Sans"
#: The monospaced family of code, einops patterns, shapes and formulas.
MONO = "DejaVu Sans Mono"
#: The bundled files (in ``resources/fonts``), by family; regular and bold of each.
FILES: dict[str, tuple[str, ...]] = {
    SANS: ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    MONO: ("DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf"),
}

#: The size a code view starts at, before its page's theme gives it the theme's size. A constant,
#: not the application font's size of the moment: a text view's scroll-area viewport keeps the font
#: it was polished with, so a page rebuilt in presentation mode (a language switch) would otherwise
#: come back from it with other fonts than one built outside it (tests/app/test_mode_toggles.py).
START_POINT_SIZE = 9.0

#: The application (by id) whose font database already holds the files, and what went wrong.
_installed: dict[int, list[str]] = {}


def font_path(name: str) -> str:
    """Where the bundled font file ``name`` (one of :data:`FILES`) lies."""
    return str(resource_path(f"fonts/{name}"))


def install_fonts() -> list[str]:
    """Add the bundled fonts to the running application and make DejaVu Sans its font.

    Safe to call again: the files are added once per application. The application font keeps
    its size (the theme sets it). Returns what could not be loaded, as sentences (the app then
    runs on the system's fonts, laid out as they allow); empty when all went well.
    """
    problems = _register()
    if QGuiApplication.instance() is not None:
        font = QFont(QGuiApplication.font())
        if font.families() != [SANS]:
            font.setFamilies([SANS])
            QGuiApplication.setFont(font)
    return problems


def _register() -> list[str]:
    """Add the bundled files to Qt's font database, once per application; what failed."""
    app = QGuiApplication.instance()
    if app is None:
        return ["the bundled fonts need a running application (none was made yet)"]
    key = id(app)
    if key not in _installed:
        problems = []
        for family, names in FILES.items():
            for name in names:
                loaded = QFontDatabase.applicationFontFamilies(
                    QFontDatabase.addApplicationFont(font_path(name))
                )
                if family not in loaded:
                    problems.append(
                        f"could not load the bundled font {name} ({font_path(name)}); "
                        f"text is drawn in the system's fonts instead"
                    )
        _installed.clear()  # one application per process: forget an earlier, deleted one
        _installed[key] = problems
    return list(_installed[key])


def mono_font(base: QFont | None = None, point_size: float | None = None) -> QFont:
    """The bundled monospaced font: at ``point_size`` points when given, else at ``base``'s size,
    else at :data:`START_POINT_SIZE`."""
    _register()
    font = QFont(base if base is not None else QGuiApplication.font())
    font.setFamilies([MONO])
    if point_size is not None:
        font.setPointSizeF(point_size)
    elif base is None:
        font.setPointSizeF(START_POINT_SIZE)
    return font
