"""Qt cannot open a window: the missing system libraries are named, with the one install command.

The resolver is injected (a fake list of missing sonames) so the failure path is tested on any
machine; the real resolvers are checked against each other and against ``ldd`` on PySide6's own
xcb plugin, and one start is made for real against a display that does not exist.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.elf_deps import elf_missing, ldd_missing, missing_libraries, read_elf
from app.platform_check import (
    diagnose,
    install_command,
    package_manager,
    platform_plugin,
    read_os_release,
)
from app.startup_failure import failure_lines

ROOT = Path(__file__).resolve().parents[2]

DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n'
UBUNTU = "NAME=Ubuntu\nID=ubuntu\nID_LIKE=debian\n"
FEDORA = "NAME=Fedora Linux\nID=fedora\nVERSION_ID=40\n"
ARCH = "NAME=Arch Linux\nID=arch\n"
TUMBLEWEED = 'NAME="openSUSE Tumbleweed"\nID="opensuse-tumbleweed"\nID_LIKE="opensuse suse"\n'
ROCKY = 'NAME="Rocky Linux"\nID="rocky"\nID_LIKE="rhel centos fedora"\n'

#: What ldd said on a Debian 12 machine with every library the README used to list installed.
ISSUE_22 = ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]


def _fake(missing: list[str]):
    return lambda _path: list(missing)


@pytest.mark.parametrize(
    ("release", "manager"),
    [(DEBIAN, "apt"), (UBUNTU, "apt"), (FEDORA, "dnf"), (ROCKY, "dnf"), (ARCH, "pacman"),
     (TUMBLEWEED, "zypper"), ("ID=plan9\n", None), ("", None)],
)  # fmt: skip
def test_package_manager_from_os_release(release: str, manager: str | None) -> None:
    assert package_manager(read_os_release(release)) == manager


@pytest.mark.parametrize(
    ("release", "command"),
    [
        # Debian's package names (dpkg -S on Debian 12) and their Fedora, Arch, openSUSE ones.
        (DEBIAN, "sudo apt-get install -y libxcb-icccm4 libxcb-keysyms1"),
        (FEDORA, "sudo dnf install -y xcb-util-wm xcb-util-keysyms"),
        (ARCH, "sudo pacman -S --needed xcb-util-wm xcb-util-keysyms"),
        (TUMBLEWEED, "sudo zypper install libxcb-icccm4 libxcb-keysyms1"),
    ],
)
def test_issue_22s_missing_libraries_give_one_install_command(release: str, command: str) -> None:
    plugin = platform_plugin("xcb")
    if plugin is None:
        pytest.skip("PySide6 has no xcb plugin on this platform")
    report = diagnose(resolver=_fake(ISSUE_22), os_release=read_os_release(release))
    assert report.missing == ISSUE_22 and not report.ok
    assert report.command == command
    lines = report.lines()
    assert lines[0].endswith("libxcb-icccm.so.4, libxcb-keysyms.so.1")
    assert lines[1] == f"install them with: {command}"


def test_libraries_of_one_package_are_installed_once() -> None:
    command, unknown = install_command(
        ["libglib-2.0.so.0", "libgthread-2.0.so.0", "libxcb-shm.so.0", "libxcb.so.1"], "dnf"
    )
    assert command == "sudo dnf install -y glib2 libxcb" and unknown == []


def test_an_unknown_library_is_named_not_guessed() -> None:
    command, unknown = install_command(["libxcb-icccm.so.4", "libnever.so.7"], "apt")
    assert command == "sudo apt-get install -y libxcb-icccm4" and unknown == ["libnever.so.7"]
    # rpm-based managers install by soname, so nothing is left to the person there.
    command, unknown = install_command(["libnever.so.7"], "zypper")
    assert command == "sudo zypper install 'libnever.so.7()(64bit)'" and unknown == []
    report = diagnose(resolver=_fake(["libnever.so.7"]), os_release=read_os_release(DEBIAN))
    assert report.command is None and "apt-file search" in report.lines()[-1]


def test_an_unknown_distribution_still_names_the_libraries() -> None:
    report = diagnose(resolver=_fake(ISSUE_22), os_release={})
    assert report.command is None and report.manager is None
    assert "libxcb-keysyms.so.1" in report.lines()[0]


def test_nothing_missing_is_ok() -> None:
    report = diagnose(resolver=_fake([]), os_release=read_os_release(DEBIAN))
    if report.plugin is None:
        pytest.skip("PySide6 has no xcb plugin on this platform")
    assert report.ok and report.command is None and len(report.lines()) == 1


def test_start_failure_lines_name_the_libraries_instead_of_qts_message() -> None:
    qt_said = [
        "From 6.5.0, xcb-cursor0 or libxcb-cursor0 is needed to load the Qt xcb platform plugin.",
        'Could not load the Qt platform plugin "xcb" in "" even though it was found.',
        "This application failed to start because no Qt platform plugin could be initialized.",
    ]
    seen = []

    def fake_diagnose(name):
        seen.append(name)
        return diagnose(name, resolver=_fake(ISSUE_22), os_release=read_os_release(DEBIAN))

    lines = failure_lines(qt_said, fake_diagnose)
    assert seen == ["xcb"]
    assert lines == [
        "napkinlab: error: Qt's xcb platform plugin cannot load; missing system libraries: "
        "libxcb-icccm.so.4, libxcb-keysyms.so.1",
        "napkinlab: install them with: sudo apt-get install -y libxcb-icccm4 libxcb-keysyms1",
    ]
    assert not any("xcb-cursor0" in line for line in lines)


def test_start_failure_without_missing_libraries_repeats_what_qt_said() -> None:
    qt_said = [
        "could not connect to display :99",
        'Could not load the Qt platform plugin "xcb" in "" even though it was found.',
    ]
    lines = failure_lines(qt_said, lambda name: diagnose(name, resolver=_fake([]), os_release={}))
    assert len(lines) == 1
    assert "could not start its xcb platform: could not connect to display :99" in lines[0]


# The real resolvers ----------------------------------------------------------------------------


def _qt_binaries() -> list[Path]:
    plugin = platform_plugin("xcb")
    if plugin is None or not sys.platform.startswith("linux"):
        pytest.skip("no xcb plugin (not Linux)")
    lib = plugin.parents[2] / "lib"
    return [plugin, lib / "libQt6Gui.so.6", lib / "libQt6Core.so.6"]


@pytest.mark.skipif(shutil.which("ldd") is None, reason="needs ldd to compare with")
def test_the_pure_python_reader_agrees_with_ldd() -> None:
    for binary in [*_qt_binaries(), Path(sys.executable).resolve()]:
        assert elf_missing(binary) == ldd_missing(binary), binary


@pytest.mark.skipif(shutil.which("objdump") is None, reason="needs objdump to compare with")
def test_needed_entries_match_objdump() -> None:
    for binary in _qt_binaries():
        dump = subprocess.run(
            ["objdump", "-p", str(binary)], capture_output=True, text=True, check=True
        ).stdout
        needed = [line.split()[1] for line in dump.splitlines() if line.split()[:1] == ["NEEDED"]]
        runpath = [line.split()[1] for line in dump.splitlines() if line.split()[:1] == ["RUNPATH"]]
        info = read_elf(binary)
        assert info is not None and list(info.needed) == needed
        assert [":".join(info.runpath)] == runpath if runpath else not info.runpath


def test_a_library_hidden_from_the_search_is_missing(tmp_path: Path) -> None:
    """Copy the plugin away from Qt's libraries: its $ORIGIN/../../lib no longer finds them."""
    (plugin,) = _qt_binaries()[:1]
    lonely = tmp_path / "libqxcb.so"
    shutil.copy(plugin, lonely)
    missing = elf_missing(lonely)
    assert {"libQt6XcbQpa.so.6", "libQt6Gui.so.6", "libQt6Core.so.6"} <= set(missing)
    assert missing_libraries(lonely, elf_missing) == missing
    if shutil.which("ldd"):
        assert set(missing) == set(ldd_missing(lonely))


def test_not_an_elf_file_has_no_dependencies(tmp_path: Path) -> None:
    text = tmp_path / "libtext.so"
    text.write_text("not a library")
    assert read_elf(text) is None and elf_missing(text) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="xcb is Linux's")
def test_a_start_that_qt_cannot_make_exits_2_with_one_explanation() -> None:
    """A display that does not exist: Qt would abort (SIGABRT); the app says why and exits 2."""
    env = {k: v for k, v in os.environ.items() if k not in ("QT_LOGGING_RULES", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="xcb", DISPLAY=":99999", PYTHONPATH=str(ROOT))
    code = "from app.gui import make_application; make_application(); print('started')"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2, (done.returncode, done.stderr[-1500:])
    assert "started" not in done.stdout
    assert done.stderr.startswith("napkinlab: error: ")
    assert "Reinstalling the application" not in done.stderr  # Qt's own advice is not printed
    missing = diagnose("xcb").missing
    if missing:
        assert ", ".join(missing) in done.stderr
    else:
        assert "could not start its xcb platform" in done.stderr and ":99999" in done.stderr
