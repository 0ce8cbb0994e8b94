"""The packaged game's desktop launcher, pointed at wherever its folder is now (Linux).

A desktop file cannot name a path relative to itself: the one in the archive asks sh to
start the program beside it through %k (the file's own path), which KDE fills in but GLib
(GNOME's Files, `gio launch`) leaves empty, and it can name no icon. So each time the
packaged game opens its window it writes `Solitaire.desktop` beside itself again with the
absolute paths of the program and its icon, if they changed: from then on the launcher
starts the game and shows its icon under any desktop, wherever the folder was unpacked or
moved. A folder that cannot be written to keeps the archive's launcher; nothing is said.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from ... import APP_ID
from ...assets import asset_dir
from ...i18n import LOCALE_DIR, N_, SOURCE_LANGUAGE, Catalogue, available

NAME = "Solitaire"
# data/APP_ID.desktop's Comment, which the catalogues translate (tools/messages.py).
COMMENT = N_(
    "Classic patience games: Klondike, Spider, FreeCell, Canfield, La Belle Lucie and more"
)


def comment_lines() -> str:
    """The Comment line, and one for each language a catalogue translates it into: a menu
    shows the one of its desktop's language."""
    lines = [f"Comment={COMMENT}\n"]
    for code in sorted(available()):
        if code == SOURCE_LANGUAGE:
            continue
        try:
            translated = Catalogue(LOCALE_DIR / f"{code}.po").gettext(COMMENT)
        except (OSError, UnicodeError, ValueError, SyntaxError):  # a damaged catalogue
            continue
        if translated != COMMENT:
            lines.append(f"Comment[{code}]={translated}\n")
    return "".join(lines)


def quoted(argument: str) -> str:
    """One argument of an Exec line: in double quotes with \\ " ` $ escaped, then each
    backslash doubled again for the desktop file's string rules."""
    for special in ("\\", '"', "`", "$"):
        argument = argument.replace(special, "\\" + special)
    return '"' + argument.replace("\\", "\\\\") + '"'


def desktop_entry(program: Path, icon: Path) -> str:
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        f"Name={NAME}\n"
        f"{comment_lines()}"
        f"Exec={quoted(str(program))}\n"
        f"TryExec={str(program).replace(chr(92), chr(92) * 2)}\n"
        f"Icon={str(icon).replace(chr(92), chr(92) * 2)}\n"
        "Terminal=false\n"
        "Categories=Game;CardGame;\n"
        f"StartupWMClass={APP_ID}\n"
    )


def refresh_packaged_launcher(program: Path | None = None) -> bool:
    """Write the launcher beside the packaged program (Linux only, packaged only); whether
    it was written. ``program``: the packaged executable (``sys.executable`` when not said)."""
    if program is None:
        if not getattr(sys, "frozen", False) or not sys.platform.startswith("linux"):
            return False
        program = Path(sys.executable)
    launcher = program.parent / f"{NAME}.desktop"
    text = desktop_entry(program.resolve(), (asset_dir("sprites") / "icon.png").resolve())
    try:
        if launcher.is_file() and launcher.read_text(encoding="utf-8") == text:
            return False
        temporary = launcher.with_name(launcher.name + ".tmp")
        temporary.write_text(text, encoding="utf-8")
        mode = stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH
        temporary.chmod(mode)  # file managers start only launchers that may be run
        os.replace(temporary, launcher)
    except (OSError, UnicodeError):
        return False  # a read-only folder, a launcher that is not a file: the archive's stays
    return True
