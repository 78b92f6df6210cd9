"""The window's language: which catalogs exist, which one the system asks for, installing one.

Napkin Lab ships English (the source texts) and two Chinese catalogs, compiled by
``pyside6-lrelease`` into ``resources/i18n/napkinlab_<lang>.qm`` (see :mod:`app.translations`).
Installing a language loads that catalog and Qt's own one (standard buttons and dialogs). A catalog
that is missing or damaged leaves the window in English and says so in one sentence: it never stops
the app.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from core.echo import brief
from core.safe_io import resource_path

__all__ = [
    "LANGUAGES",
    "LanguageManager",
    "catalog_path",
    "language_manager",
    "normalize_language",
    "system_language",
]

#: The languages the window speaks: code -> name in that language (as the menu shows it).
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文", "zh_TW": "繁體中文"}


def normalize_language(code: str) -> str | None:
    """The supported language for a code such as ``zh-CN``, ``zh_Hant_TW`` or ``en_US``; else None."""
    text = code.strip().replace("-", "_")
    if text in LANGUAGES:
        return text
    lowered = text.lower()
    if lowered.startswith("zh"):
        traditional = any(tag in lowered for tag in ("hant", "_tw", "_hk", "_mo"))
        return "zh_TW" if traditional else "zh_CN"
    if lowered.startswith("en") or lowered in {"c", "posix"}:
        return "en"
    return None


def system_language() -> str:
    """The language the system locale asks for, English when it asks for one we do not have."""
    locale = QLocale.system()
    for name in (*locale.uiLanguages(), locale.name()):
        language = normalize_language(name)
        if language is not None:
            return language
    return "en"


def catalog_path(language: str) -> Path:
    """Where the compiled catalog of ``language`` ships (it may be missing in a broken install)."""
    return resource_path(f"i18n/napkinlab_{language}.qm")


class LanguageManager:
    """Installs one language's translators on the application and removes the previous ones.

    Parameters
    ----------
    app
        The application whose translators it manages.
    """

    def __init__(self, app: QCoreApplication) -> None:
        self._app = app
        self._installed: list[QTranslator] = []
        self.language = "en"

    def install(self, language: str, path: Path | None = None) -> str | None:
        """Switch to ``language``; returns a problem to show, or None when it worked.

        Parameters
        ----------
        language
            A code of :data:`LANGUAGES`; anything else is refused with a message, staying English.
        path
            The catalog to load instead of the shipped one (tests use damaged files).
        """
        for translator in self._installed:
            self._app.removeTranslator(translator)
        self._installed = []
        self.language = "en"
        if language == "en":
            return None
        if language not in LANGUAGES:
            allowed = ", ".join(LANGUAGES)
            return f"Unknown language {brief(language)}; allowed: {allowed}. Showing English."
        catalog = path if path is not None else catalog_path(language)
        translator = QTranslator(self._app)
        if not catalog.is_file() or not translator.load(str(catalog)) or translator.isEmpty():
            return (
                f"The {LANGUAGES[language]} catalog ({catalog.name}) is missing or damaged; "
                "showing English. Reinstall Napkin Lab to repair it."
            )
        self._app.installTranslator(translator)
        self._installed.append(translator)
        qt_own = _qt_catalog(self._app, language)
        if qt_own is not None:  # without it Qt's own buttons stay English; ours are translated
            self._app.installTranslator(qt_own)
            self._installed.append(qt_own)
        self.language = language
        return None


def _qt_catalog(app: QCoreApplication, language: str) -> QTranslator | None:
    """Qt's own texts (Save, Cancel, the file dialog) in ``language``, if Qt ships them.

    ``qtbase_<lang>.qm`` holds the widgets' texts; ``qt_<lang>.qm`` only points at every Qt
    module's catalog and fails to load where some are not installed (PySide6-Essentials).
    """
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name in (f"qtbase_{language}", f"qt_{language}"):
        translator = QTranslator(app)
        if translator.load(name, folder) and not translator.isEmpty():
            return translator
    return None


_MANAGER: LanguageManager | None = None


def language_manager() -> LanguageManager:
    """The application's one :class:`LanguageManager` (made on first use)."""
    global _MANAGER
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("create the QApplication before choosing a language")
    if _MANAGER is None or _MANAGER._app is not app:
        _MANAGER = LanguageManager(app)
    return _MANAGER
