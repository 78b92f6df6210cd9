"""``napkinlab screenshot``: render a tab offscreen to PNG, PDF (or SVG for plot tabs), no display.

``--size WxH`` renders the whole window at exactly W×H (× ``--scale``) pixels; without it the tab's
page is rendered at the default window size. ``--content plot`` renders only the tab's main chart
with a caption line (device, dtype, the tab's inputs): the picture people paste into slides.

With ``--session FILE``, every value the file holds that could not be applied (out of range, an
unknown device, an unknown key) is reported on stderr as ``napkinlab: warning: ...``, one line each;
the picture shows the defaults for those inputs.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from app.tabs import TABS
from core.collect import collection_paused
from core.echo import brief
from core.errors import InputError
from core.validate import file_path, positive_float

if TYPE_CHECKING:
    from core.step.prefetch import DefaultTracePrefetch

__all__ = ["register", "render_tab"]

WINDOW_SIZE = (1280, 820)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``screenshot`` subcommand."""
    parser = subparsers.add_parser(
        "screenshot", help="render a tab to PNG, SVG (plot tabs) or PDF offscreen"
    )
    parser.add_argument("--tab", required=True, choices=[t.id for t in TABS], help="the tab")
    parser.add_argument(
        "--out", required=True, help="FILE.png or FILE.pdf, or FILE.svg for a plot tab"
    )
    parser.add_argument("--theme", choices=("light", "dark"), default="light", help="colours")
    parser.add_argument("--scale", default="1", help="pixel scale 0.5 to 4, e.g. 2 for slides")
    parser.add_argument("--presentation", action="store_true", help="larger fonts and lines")
    parser.add_argument("--session", default=None, help="apply this session file first")
    parser.add_argument(
        "--lang",
        choices=("en", "zh_CN", "zh_TW"),
        default="en",
        help="the window's language (default en)",
    )
    parser.add_argument(
        "--size", default=None, help="the whole window at exactly WxH pixels (x --scale)"
    )
    parser.add_argument(
        "--page",
        default=None,
        help="an inner page of the tab (einops: patterns, strides); default: the tab's first",
    )
    parser.add_argument(
        "--content",
        choices=("page", "plot"),
        default="page",
        help="page: the tab (or window with --size); plot: the main chart with a caption",
    )
    parser.set_defaults(handler=run)


def _size(text: str | None) -> tuple[int, int]:
    if text is None:
        return WINDOW_SIZE
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise InputError(f"--size: {brief(text)} is not WxH (e.g. 1280x820)") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise InputError(f"--size: {w}x{h} is out of range; allowed: 320x240 to 7680x4320")
    return w, h


# One picture, whose objects (Qt's, pyqtgraph's and, for Step and Plan, torch's) nearly all live
# until it is written: Python's automatic cycle collection is off meanwhile, so that growing heap
# is not scanned again and again (0.37 s of a cold Step picture's 3.9 s).
@collection_paused()
def render_tab(
    tab: str,
    out: Path,
    *,
    theme_name: str = "light",
    scale: float = 1.0,
    presentation: bool = False,
    session: str | None = None,
    size: tuple[int, int] | None = None,
    content: str = "page",
    language: str = "en",
    inner_page: str | None = None,
    progress: Callable[[float, str], None] | None = None,
    before_prepare: Callable[[Callable[[float, str], None] | None], object] | None = None,
) -> Path:
    """Build the window offscreen, show ``tab`` and write it to ``out``; returns the path.

    ``progress(fraction, text)`` hears how far a tab's long preparation is (the Step tab's trace,
    the Plan tab's search). ``before_prepare(progress)`` is called just before that preparation,
    with the window built: :func:`run` waits there for the trace a child process made meanwhile.
    """
    from app.gui import make_application

    app = make_application(offscreen=True)
    from app.main_window import MainWindow
    from app.settings import Preferences
    from app.state import AppState
    from app.theme import apply_theme, theme

    prefs = Preferences(ephemeral=True)
    prefs.theme, prefs.presentation = theme_name, presentation
    apply_theme(app, theme(theme_name, presentation))  # before any widget exists: polish once
    from app.i18n import language_manager

    language_problem = language_manager().install(language)
    if language_problem:
        print(f"napkinlab: warning: {language_problem}", file=sys.stderr)
    state = AppState()
    state.background_warmups = False  # one picture: analyse in place, no warm-up of other calls
    window = MainWindow(state, preferences=prefs, menus=False)
    problems: list[str] = []
    if session is not None:
        from core.session import read_session

        problems += window.apply_session(read_session(session))
    window.resize(*(size or WINDOW_SIZE))
    page = window.show_tab(tab)  # restores the tab's pending session inputs, reporting problems
    if inner_page is not None:
        pages = getattr(page, "PAGES", ())
        if inner_page not in pages:
            _free_window(window)
            raise InputError(
                f"--page: {brief(inner_page)} is not a page of the {tab} tab; allowed: "
                + (", ".join(pages) if pages else "none (it has one page)")
            )
        page.show_page(inner_page)
    for problem in problems + window.problems:
        print(f"napkinlab: warning: {problem}", file=sys.stderr)
    window.show()
    page.apply_theme(window.current_theme)
    for _ in range(3):
        app.processEvents()
    try:
        if hasattr(page, "prepare_screenshot"):  # inside: a refused trace still frees the window
            if progress is not None:
                progress(0.0, "")  # after the warnings: the line is redrawn in place from here on
            if before_prepare is not None:
                before_prepare(progress)
            page.prepare_screenshot(progress=progress)
            app.processEvents()
        if size is not None and content == "page":
            got = (window.width(), window.height())
            if got != size:
                raise InputError(
                    f"--size: the {tab} tab needs at least {got[0]}x{got[1]}; "
                    f"{size[0]}x{size[1]} is too small"
                )
        try:
            if content == "plot":
                return _save_plot(window, page, tab, out, scale, size)
            return _save(window if size is not None else page, page, tab, out, scale)
        except OSError as exc:  # a full disk, a vanished folder: the file is at fault
            raise InputError(f"--out: {out} cannot be written: {exc.strerror or exc}") from None
    finally:
        window.stop_background_work()  # what closing does, without a close event to dispatch
        # Destroy the Qt objects here, in the GUI thread: left to Python's cycle collector they
        # could be finalised later in whatever thread triggers a collection (a worker importing
        # torch), and Qt objects must die in the thread that owns them.
        import shiboken6

        shiboken6.delete(window)


def _free_window(window) -> None:
    """Destroy the window in the GUI thread (a refused argument still frees it)."""
    window.stop_background_work()
    import shiboken6

    shiboken6.delete(window)


def _save(target, page, tab: str, out: Path, scale: float) -> Path:
    """Write ``target`` (the window or the page) to ``out``: PNG, PDF or SVG of the plot."""
    from app import export

    suffix = out.suffix.lower()
    if suffix == ".svg":
        item = page.export_plot()
        if item is None:
            raise InputError(f"--out: the {tab} tab has no plot to export as SVG; use a .png file")
        return export.save_svg(item, out)
    widget = target if target is not page else page.export_widget()
    if suffix == ".pdf":
        return export.save_pdf(widget, out)
    if suffix != ".png":
        raise InputError(f"--out: {out.name} must end in .png or .pdf (or .svg for a plot tab)")
    return export.save_png(widget, out, scale, crop=target is page)


def caption(window, page) -> str:
    """One line under a slide's chart: device, dtype and the tab's inputs (or what the page's
    :meth:`~app.tabs.base.TabPage.caption_parts` names)."""
    from app.export import CAPTION_SEPARATOR

    state = window.state
    parts = [state.device.name, state.dtype]
    own = page.caption_parts()
    if own is not None:  # the page names what its chart shows
        return CAPTION_SEPARATOR.join(str(p) for p in [*parts, *own])
    inputs = page.session_state()
    for key in page.caption_keys or tuple(inputs):
        value = inputs.get(key)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            value = ", ".join(value)
        if isinstance(value, bool) or value in (None, "", [], {}):
            continue
        if isinstance(value, str | int | float):
            parts.append(f"{key} {value}")
        if len(parts) >= 9:
            break
    return CAPTION_SEPARATOR.join(str(p) for p in parts)


def _save_plot(window, page, tab: str, out: Path, scale: float, size) -> Path:
    """The tab's main chart alone, with a caption line, as PNG, PDF or SVG."""
    from app import export

    item = page.export_plot()
    if item is None:
        raise InputError(f"--content plot: the {tab} tab has no plot; use --content page")
    if out.suffix.lower() == ".svg":
        return export.save_svg(item, out)
    text = caption(window, page)
    if out.suffix.lower() == ".pdf":
        return export.save_plot_pdf(item, text, out, size)
    if out.suffix.lower() != ".png":
        raise InputError(f"--out: {out.name} must end in .png, .pdf or .svg")
    return export.save_plot_png(item, text, out, scale, size)


def _prefetch(args: argparse.Namespace) -> DefaultTracePrefetch | None:
    """A child process tracing the Step tab's default inputs while the window is built, or
    ``None``: the Step tab without a session file shows exactly those inputs, and a cold trace
    (torch's import and all, about 2.4 s) then overlaps the window's 0.7 s on another core."""
    if args.tab != "step" or args.session is not None:
        return None
    from core.step.prefetch import start_default_trace

    return start_default_trace()


def run(args: argparse.Namespace) -> int:
    """Render and report the file written."""
    from contextlib import nullcontext

    from app.cli.progress import TerminalProgress

    scale = positive_float(args.scale, "--scale", low=0.5, high=4.0)
    out = Path(file_path(args.out, "--out"))
    session = None if args.session is None else file_path(args.session, "--session")
    size = None if args.size is None else _size(args.size)
    prefetch = _prefetch(args)  # after the checks above: bad input starts no child
    with (
        prefetch if prefetch is not None else nullcontext(),
        TerminalProgress(f"screenshot --tab {args.tab}") as progress,
    ):
        path = render_tab(
            args.tab,
            out,
            theme_name=args.theme,
            scale=scale,
            presentation=args.presentation,
            session=session,
            size=size,
            content=args.content,
            language=args.lang,
            inner_page=args.page,
            progress=progress,
            before_prepare=None if prefetch is None else prefetch.wait,
        )
    print(path)
    return 0
