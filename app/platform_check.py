"""Why Qt cannot open a window here, and the one command that fixes it.

When a system library that Qt's platform plugin needs is missing, Qt prints that the plugin "could
not be loaded" (since 6.5 with a hint about ``libxcb-cursor0`` whether or not that is the one
missing) and aborts. :func:`diagnose` resolves the plugin's dependencies as ``ldd`` does
(:mod:`app.elf_deps`), maps each missing soname to the package that installs it for the
machine's package manager (``resources/system_libraries.json``; the manager from
``/etc/os-release``) and builds one install command. :func:`app.gui.make_application` calls it only
after Qt has failed, so a normal start pays nothing; ``napkinlab doctor`` calls it always.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from app.elf_deps import Resolver, missing_libraries
from core.errors import InputError
from core.safe_io import read_bytes, read_resource_text

__all__ = [
    "PlatformReport",
    "diagnose",
    "install_command",
    "package_manager",
    "platform_plugin",
    "read_os_release",
    "startup_platform",
]

#: ``ID`` / ``ID_LIKE`` words of /etc/os-release -> the package manager they use.
_MANAGERS = {
    "debian": "apt",
    "ubuntu": "apt",
    "fedora": "dnf",
    "rhel": "dnf",
    "centos": "dnf",
    "arch": "pacman",
    "suse": "zypper",
    "opensuse": "zypper",
}


def _table() -> dict:
    text = read_resource_text("system_libraries.json")
    return json.loads(text)


def read_os_release(text: str | None = None) -> dict[str, str]:
    """The fields of ``/etc/os-release`` (or of ``text``); empty when there is none."""
    if text is None:
        for name in ("/etc/os-release", "/usr/lib/os-release"):
            try:
                text = read_bytes(name, limit=1 << 20).decode("utf-8", errors="replace")
                break
            except InputError:
                continue
        else:
            return {}
    fields = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() and not key.startswith("#"):
            fields[key.strip()] = value.strip().strip("\"'")
    return fields


def package_manager(os_release: dict[str, str]) -> str | None:
    """``apt``, ``dnf``, ``pacman`` or ``zypper`` for this distribution (``None``: unknown)."""
    words = [os_release.get("ID", ""), *os_release.get("ID_LIKE", "").split()]
    for word in words:
        for key, manager in _MANAGERS.items():
            if word == key or word.startswith(key + "-"):
                return manager
    return None


def install_command(missing: list[str], manager: str | None) -> tuple[str | None, list[str]]:
    """The one command that installs ``missing`` sonames, and the sonames it cannot name.

    A soname the table does not know is left to the person (``dnf`` and ``zypper`` can install by
    soname, so for them it goes into the command as ``'libfoo.so.1()(64bit)'``).
    """
    table = _table()
    if manager is None or not missing:
        return None, list(missing)
    packages: list[str] = []
    unknown: list[str] = []
    for soname in missing:
        package = table["libraries"].get(soname, {}).get(manager)
        if package is None and manager in ("dnf", "zypper"):
            package = f"'{soname}()(64bit)'"
        if package is None:
            unknown.append(soname)
        elif package not in packages:
            packages.append(package)
    if not packages:
        return None, unknown
    return table["managers"][manager].format(packages=" ".join(packages)), unknown


def platform_plugin(name: str = "xcb") -> Path | None:
    """PySide6's ``libq<name>.so`` platform plugin, found without importing PySide6."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        plugin = Path(folder) / "Qt" / "plugins" / "platforms" / f"libq{name}.so"
        if plugin.exists():
            return plugin
    return None


@dataclass
class PlatformReport:
    """What stops Qt's platform plugin from loading, and how to fix it."""

    platform: str
    plugin: str | None
    missing: list[str] = field(default_factory=list)
    distribution: str = ""
    manager: str | None = None
    command: str | None = None
    unknown: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether every library the plugin needs is there."""
        return self.plugin is not None and not self.missing

    def lines(self) -> list[str]:
        """The diagnosis for a person, one fact a line."""
        if self.plugin is None:
            return [f"Qt's {self.platform} platform plugin is not installed (reinstall PySide6)"]
        if not self.missing:
            return [f"Qt's {self.platform} platform plugin finds every library it needs"]
        out = [
            f"Qt's {self.platform} platform plugin cannot load; missing system libraries: "
            + ", ".join(self.missing)
        ]
        if self.command:
            out.append(f"install them with: {self.command}")
        if self.unknown:
            hint = {
                "apt": "apt-file search NAME",
                "pacman": "pacman -F NAME",
            }.get(self.manager or "", "your package manager's file search")
            out.append("find the package of " + ", ".join(self.unknown) + f" with {hint}")
        return out

    def to_dict(self) -> dict:
        """The same facts as plain data (``napkinlab doctor --json``)."""
        return {
            "platform": self.platform,
            "plugin": self.plugin,
            "ok": self.ok,
            "missing": list(self.missing),
            "distribution": self.distribution,
            "package_manager": self.manager,
            "install_command": self.command,
            "unresolved": list(self.unknown),
        }


def diagnose(
    platform: str = "xcb",
    *,
    resolver: Resolver | None = None,
    os_release: dict[str, str] | None = None,
    plugin: Path | None = None,
) -> PlatformReport:
    """Check the ``platform`` plugin's libraries (``resolver`` and ``os_release`` for tests)."""
    release = read_os_release() if os_release is None else os_release
    plugin = plugin or platform_plugin(platform)
    report = PlatformReport(
        platform=platform,
        plugin=str(plugin) if plugin else None,
        distribution=release.get("PRETTY_NAME", release.get("ID", "")),
        manager=package_manager(release),
    )
    if plugin is None or not sys.platform.startswith("linux"):
        return report
    report.missing = missing_libraries(plugin, resolver)
    report.command, report.unknown = install_command(report.missing, report.manager)
    return report


def startup_platform() -> str:
    """The platform plugin Qt will try first here (``QT_QPA_PLATFORM``, else by session)."""
    chosen = os.environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if chosen:
        return chosen
    wayland = os.environ.get("XDG_SESSION_TYPE") == "wayland" and os.environ.get("WAYLAND_DISPLAY")
    return "wayland" if wayland else "xcb"
