"""The bundled fonts (``resources/fonts``) are the ones text is drawn in, on any machine.

A font is identified by its ``head`` table (its version, dates and checksum), read by Qt once from
the bundled file and once from whatever font Qt chose for a family: equal tables mean the same
font file. The check against a system font of the same family name runs in a child process with a
fontconfig of its own, where the only "system" font claims to be DejaVu Sans Mono but is DejaVu
Sans (a proportional font): Qt must still draw monospaced text in the bundled file.
"""

from __future__ import annotations

import fnmatch
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from PySide6.QtGui import QFont, QFontInfo, QRawFont
from PySide6.QtWidgets import QApplication

from widgets.fonts import FILES, MONO, SANS, font_path, install_fonts, mono_font

ROOT = Path(__file__).resolve().parents[2]


def head(font: QFont) -> bytes:
    """The ``head`` table of the font file Qt draws ``font`` in."""
    return bytes(QRawFont.fromFont(font).fontTable("head"))


def file_head(name: str) -> bytes:
    """The ``head`` table of the bundled file ``name``, read by Qt from the file itself."""
    raw = QRawFont(font_path(name), 12.0)
    assert raw.isValid(), f"Qt cannot read {font_path(name)}"
    return bytes(raw.fontTable("head"))


def test_the_bundled_files_are_four_distinct_fonts(qapp) -> None:
    heads = {name: file_head(name) for names in FILES.values() for name in names}
    assert len(set(heads.values())) == 4, "two bundled files are the same font"
    for family, names in FILES.items():
        for name in names:
            assert QRawFont(font_path(name), 12.0).familyName() == family


def test_the_application_font_is_the_bundled_sans(qapp) -> None:
    assert install_fonts() == []
    font = QApplication.font()
    assert QFontInfo(font).family() == SANS
    assert head(font) == file_head("DejaVuSans.ttf")
    bold = QFont(font)
    bold.setBold(True)
    assert head(bold) == file_head("DejaVuSans-Bold.ttf")


@pytest.mark.parametrize("bold", [False, True])
def test_mono_font_is_the_bundled_mono(qapp, bold: bool) -> None:
    font = mono_font(point_size=13.0)
    font.setBold(bold)
    info = QFontInfo(font)
    assert info.family() == MONO and info.fixedPitch()
    assert font.pointSizeF() == 13.0  # (drawn at whole pixels: QFontInfo says 12.75 at 96 dpi)
    assert head(font) == file_head("DejaVuSansMono-Bold.ttf" if bold else "DejaVuSansMono.ttf")


_CHILD = """
import sys
from PySide6.QtGui import QFont, QFontInfo, QRawFont
from PySide6.QtWidgets import QApplication
app = QApplication([])
from widgets.fonts import MONO, font_path, install_fonts, mono_font
def head(font):
    return bytes(QRawFont.fromFont(font).fontTable("head"))
def file_head(name):
    return bytes(QRawFont(font_path(name), 12.0).fontTable("head"))
impostor = head(QFont(MONO)) == file_head("DejaVuSans.ttf")
problems = install_fonts()
bundled = head(mono_font()) == file_head("DejaVuSansMono.ttf")
print(impostor, len(problems) == 0, bundled, QFontInfo(mono_font()).fixedPitch())
"""


def test_bundled_fonts_win_over_a_system_font_of_the_same_name(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "impostor.ttf").write_bytes(
        Path(font_path("DejaVuSans.ttf")).read_bytes()
    )
    config = tmp_path / "fonts.conf"
    config.write_text(
        f"""<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>{tmp_path / "fonts"}</dir>
  <cachedir>{tmp_path / "cache"}</cachedir>
  <match target="scan">
    <test name="family"><string>{SANS}</string></test>
    <edit name="family" mode="assign" binding="same"><string>{MONO}</string></edit>
  </match>
</fontconfig>
""",
        encoding="utf-8",
    )
    env = dict(os.environ, FONTCONFIG_FILE=str(config), QT_QPA_PLATFORM="offscreen")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", _CHILD], env=env, cwd=ROOT, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    impostor, problems, bundled, fixed = done.stdout.strip().splitlines()[-1].split(" ", 3)
    # The machine's "DejaVu Sans Mono" is the impostor until the app installs its fonts...
    assert impostor == "True", done.stdout
    assert problems == "True", done.stdout  # every bundled file loaded
    # ...then the family is the bundled monospaced file.
    assert (bundled, fixed) == ("True", "True"), done.stdout


def test_the_package_data_ships_the_fonts_and_their_licence() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["resources"]
    folder = ROOT / "resources" / "fonts"
    shipped = sorted(p.name for p in folder.iterdir())
    assert sorted(n for names in FILES.values() for n in names) == [
        n for n in shipped if n.endswith(".ttf")
    ]
    assert "LICENSE-DejaVu.txt" in shipped
    for name in shipped:
        assert any(fnmatch.fnmatch(f"fonts/{name}", p) for p in patterns), name
    licence = (folder / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "DejaVu changes are in public domain" in licence


def test_a_missing_font_file_is_reported_not_raised(qapp, monkeypatch: pytest.MonkeyPatch) -> None:
    import widgets.fonts as fonts

    monkeypatch.setattr(fonts, "_installed", {})
    monkeypatch.setattr(fonts, "FILES", {SANS: ("DejaVuSans-Missing.ttf",)})
    problems = install_fonts()
    assert len(problems) == 1
    assert "could not load the bundled font DejaVuSans-Missing.ttf" in problems[0]
    assert "system's fonts instead" in problems[0]
    assert install_fonts() == problems  # once per application: not tried again
