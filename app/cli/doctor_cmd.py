"""``napkinlab doctor``: what this machine has for Napkin Lab, and what is missing.

The same check the app runs when Qt cannot open a window (:mod:`app.platform_check`: the libraries
of Qt's platform plugin, the one install command), plus the installed torch (its version, whether
it is a CUDA build, whether CUDA is usable), PySide6, pyqtgraph and transformers, the fonts Chinese
needs, and the config and data folders. ``--json`` gives the same facts.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
from importlib import metadata
from typing import Any

from app.cli.output import print_json

__all__ = ["facts", "register"]

#: Distribution names whose versions doctor reports (the first installed of each tuple).
PACKAGES: dict[str, tuple[str, ...]] = {
    "torch": ("torch",),
    "PySide6": ("PySide6-Essentials", "PySide6"),
    "pyqtgraph": ("pyqtgraph",),
    "transformers": ("transformers",),
    "einops": ("einops",),
    "numpy": ("numpy",),
}
#: fontconfig language tags of the two Chinese catalogs.
_CJK = {"zh_CN": "zh-cn", "zh_TW": "zh-tw"}


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``doctor`` subcommand."""
    parser = subparsers.add_parser(
        "doctor", help="check this machine: Qt's system libraries, torch, fonts, folders"
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(handler=run)


def _version(names: tuple[str, ...]) -> str | None:
    for name in names:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return None


def _torch() -> dict[str, Any]:
    try:
        import torch
    except Exception as exc:  # not installed or broken: say so, do not fail
        return {"version": None, "cuda_build": None, "cuda_available": False, "error": str(exc)}
    return {
        "version": torch.__version__,
        "cuda_build": torch.version.cuda,
        "cuda_available": bool(torch.cuda.is_available()),
    }


def _fc_families(lang: str) -> list[str] | None:
    if shutil.which("fc-list") is None:
        return None
    run = subprocess.run(
        ["fc-list", f":lang={lang}", "family"], capture_output=True, text=True, timeout=60
    )
    names = {line.split(",")[0].strip() for line in run.stdout.splitlines() if line.strip()}
    return sorted(names)


def _qt_families() -> dict[str, list[str]]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QFontDatabase, QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(["napkinlab-doctor"])
    systems = {
        "zh_CN": QFontDatabase.WritingSystem.SimplifiedChinese,
        "zh_TW": QFontDatabase.WritingSystem.TraditionalChinese,
    }
    return {lang: sorted(QFontDatabase.families(system)) for lang, system in systems.items()}


def _fonts() -> dict[str, Any]:
    found = {lang: _fc_families(tag) for lang, tag in _CJK.items()}
    if all(v is not None for v in found.values()):
        return {"source": "fc-list", **found}
    return {"source": "Qt font database", **_qt_families()}


def facts() -> dict[str, Any]:
    """Everything doctor reports, as plain data (the ``--json`` output)."""
    from app.gui import has_display
    from app.platform_check import diagnose, startup_platform
    from core.paths import config_dir, data_dir

    qt_platform = startup_platform()
    report = diagnose("wayland" if qt_platform == "wayland" else "xcb")
    fonts = _fonts()
    problems = [] if report.ok else report.lines()
    for lang in _CJK:
        if not fonts[lang]:
            problems.append(
                f"no font for {lang}: the Chinese window shows boxes (Debian/Ubuntu: sudo apt-get "
                "install fonts-noto-cjk; Fedora: sudo dnf install google-noto-sans-cjk-fonts)"
            )
    return {
        "python": {"version": platform.python_version(), "executable": sys.executable},
        "system": {"platform": sys.platform, "machine": platform.machine()},
        "display": {
            "DISPLAY": os.environ.get("DISPLAY") or None,
            "WAYLAND_DISPLAY": os.environ.get("WAYLAND_DISPLAY") or None,
            "qt_platform": qt_platform,
            "window_can_open": has_display(),
        },
        "qt_platform_plugin": report.to_dict(),
        "packages": {name: _version(dists) for name, dists in PACKAGES.items()},
        "torch": _torch(),
        "fonts": fonts,
        "folders": {"config": str(config_dir()), "data": str(data_dir())},
        "problems": problems,
        "ok": not problems,
    }


def _text(f: dict[str, Any]) -> list[str]:
    plugin = f["qt_platform_plugin"]
    torch = f["torch"]
    cuda = (
        f"CUDA {torch['cuda_build']} build, CUDA {'available' if torch['cuda_available'] else 'not available'}"
        if torch["cuda_build"]
        else "CPU build"
    )
    lines = [
        f"python       {f['python']['version']} ({f['python']['executable']})",
        f"display      DISPLAY={f['display']['DISPLAY'] or '-'} "
        f"WAYLAND_DISPLAY={f['display']['WAYLAND_DISPLAY'] or '-'} "
        f"(Qt platform: {f['display']['qt_platform']})",
    ]
    if not f["display"]["window_can_open"]:
        lines.append(
            "             no display here: `napkinlab` cannot open its window (subcommands and "
            "`napkinlab screenshot` work; QT_QPA_PLATFORM=offscreen runs the window unseen)"
        )
    lines.append(f"qt plugin    {plugin['plugin'] or 'not found'}")
    from app.platform_check import PlatformReport

    report = PlatformReport(
        platform=plugin["platform"],
        plugin=plugin["plugin"],
        missing=plugin["missing"],
        distribution=plugin["distribution"],
        manager=plugin["package_manager"],
        command=plugin["install_command"],
        unknown=plugin["unresolved"],
    )
    lines += [f"             {line}" for line in report.lines()]
    lines.append(
        f"system       {plugin['distribution'] or f['system']['platform']} "
        f"(package manager: {plugin['package_manager'] or 'unknown'})"
    )
    lines.append(f"torch        {torch['version'] or 'not installed'} ({cuda})")
    for name, version in f["packages"].items():
        if name != "torch":
            lines.append(f"{name:<12} {version or 'not installed'}")
    for lang in _CJK:
        names = f["fonts"][lang]
        lines.append(
            f"fonts {lang}  {', '.join(names[:4]) + (' …' if len(names) > 4 else '') if names else 'none'}"
        )
    lines.append(f"config       {f['folders']['config']}")
    lines.append(f"data         {f['folders']['data']}")
    lines.append("ok: nothing missing" if f["ok"] else f"{len(f['problems'])} problem(s):")
    lines += [f"  - {p}" for p in f["problems"]]
    return lines


def run(args: argparse.Namespace) -> int:
    """Print the facts (0: printed, whatever they say)."""
    f = facts()
    if args.json:
        print_json(f)
    else:
        print("\n".join(_text(f)))
    return 0
