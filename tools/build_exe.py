"""Build the game for machines without Python, with PyInstaller, as a folder in an archive.

Usage: python tools/build_exe.py   (needs `pip install pyinstaller` in the same Python)

Makes dist/Solitaire/ (the program Solitaire or Solitaire.exe at its top, its libraries in
_internal/; Solitaire.app on macOS) and packs it as dist/Solitaire-<version>-<platform>.tar.gz
(.zip on Windows): unpack it anywhere and double-click the program. A folder, not one file:
a one-file build unpacks its 24 MB into a temporary folder on every launch (about 400 ms
to the table against 110 ms from source). Windowed: no console on Windows. On Linux the
folder also holds Solitaire.desktop, a launcher with the game's name for file
managers that open desktop files. The game's LICENSE and THIRD-PARTY-NOTICES.txt (what the
build bundles, under which licences) go inside the bundle, and on Linux and Windows also
beside the program. PyInstaller builds for the system it runs on only: build
on each system you ship for. The pygame-ce wheel brings its own PyInstaller hook (SDL
libraries, its default font). Work files go to build/pyinstaller.
"""

from __future__ import annotations

import os
import platform
import shutil
import stat
import struct
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# As solitaire/__init__.py (tests/system/test_packaging.py).
APP_ID = "org.solitairestudio.Solitaire"
NAME = "Solitaire"
ICON_PNG = ROOT / "sprites" / "icon.png"
ICON_DIR = ROOT / "data" / "icons" / "hicolor"  # every size, drawn by tools/make_icon.py
WORK = ROOT / "build" / "pyinstaller"
DIST = ROOT / "dist"
# The card faces kept between launches are named after a fingerprint of the card art's
# source (solitaire/ui/art/face_cache.py: DRAWING_MODULES, all in solitaire/ui/art/);
# shipped beside their compiled modules, the build reuses the faces instead of drawing 52
# of them on every launch (~25 ms).
FINGERPRINTED_SOURCES = sorted(
    path.relative_to(ROOT).as_posix() for path in (ROOT / "solitaire/ui/art").glob("*.py")
)
# Data files inside the package, which PyInstaller collects only when told: the UI's two font
# faces with their licence (solitaire/ui/art/theme.py finds them beside the package's modules)
# and the translations (solitaire/i18n.py reads them from solitaire/locale).
PACKAGE_DATA = ["solitaire/fonts", "solitaire/locale"]
# The game's licence and the notices of everything the build bundles (the interpreter,
# pygame-ce and its SDL libraries, PyInstaller's bootloader): inside the bundle, and on Linux
# and Windows also at the top of the folder, beside the program, where a player sees them.
NOTICES = ["LICENSE", "THIRD-PARTY-NOTICES.txt"]


def png_size(png: bytes) -> int:
    """The width of a square PNG (its IHDR chunk)."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR" or png[16:20] != png[20:24]:
        raise ValueError("not a square PNG")
    return int.from_bytes(png[16:20], "big")


def icon_pngs() -> dict[int, bytes]:
    """The icon at each size tools/make_icon.py draws, by its size in pixels."""
    paths = sorted(ICON_DIR.glob(f"*/apps/{APP_ID}.png"))
    pngs = {png_size(png): png for png in (path.read_bytes() for path in paths)}
    return dict(sorted(pngs.items()))


def ico_from_pngs(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding each PNG up to 256x256 (PNG entries: Windows Vista onwards),
    so that Explorer, the taskbar and the title bar each pick a picture drawn for its size."""
    chosen = [(size, png) for size, png in sorted(pngs.items()) if size <= 256]
    header = struct.pack("<HHH", 0, 1, len(chosen))
    entries, offset = b"", 6 + 16 * len(chosen)
    for size, png in chosen:
        side = size % 256  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
    return header + entries + b"".join(png for _, png in chosen)


# The .icns types that hold a PNG, by the picture's size in pixels (the second of a pair is
# Retina's picture for half that size: ic11 is 16x16@2x, ic14 is 256x256@2x).
ICNS_TYPES = {
    16: [b"icp4"],
    32: [b"icp5", b"ic11"],
    64: [b"icp6", b"ic12"],
    128: [b"ic07"],
    256: [b"ic08", b"ic13"],
    512: [b"ic09", b"ic14"],
}


def icns_from_pngs(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding each PNG under every type made for its size."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(png)) + png
        for size, png in sorted(pngs.items())
        for kind in ICNS_TYPES.get(size, [])
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def platform_icon() -> Path | None:
    """The icon in the format PyInstaller wants here, made without Pillow (None on Linux,
    where executables carry no icon: the desktop file gives the launcher one)."""
    make = {"win32": ("icon.ico", ico_from_pngs), "darwin": ("icon.icns", icns_from_pngs)}
    if sys.platform not in make:
        return None
    name, pack_icon = make[sys.platform]
    path = WORK / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pack_icon(icon_pngs()))
    return path


def platform_tag() -> str:
    """linux-x86_64, windows-amd64, macos-arm64 ...: which machines the archive runs on."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return f"{system.rstrip('0123456789')}-{platform.machine().lower()}"


def version() -> str:
    sys.path.insert(0, str(ROOT))
    try:
        from solitaire import __version__
    finally:
        sys.path.remove(str(ROOT))
    return __version__


def pyinstaller_args() -> list[str]:
    sep = ";" if sys.platform == "win32" else ":"  # --add-data SOURCE<sep>DEST
    icon = platform_icon()
    sources = [
        f"--add-data={ROOT / path}{sep}{Path(path).parent.as_posix()}"
        for path in FINGERPRINTED_SOURCES
    ]
    package_data = [f"--add-data={ROOT / path}{sep}{path}" for path in PACKAGE_DATA]
    notices = [f"--add-data={ROOT / name}{sep}." for name in NOTICES]
    return [
        "--noconfirm",
        "--clean",
        "--log-level=WARN",
        "--onedir",
        "--windowed",
        f"--name={NAME}",
        *([f"--icon={icon}"] if icon else []),
        f"--add-data={ROOT / 'sounds'}{sep}sounds",
        f"--add-data={ICON_PNG}{sep}sprites",
        *sources,
        *package_data,
        *notices,
        # Games are found by listing their folder at run time (solitaire/model/games), which
        # PyInstaller's import analysis cannot follow: take every module of the game.
        "--collect-submodules=solitaire",
        # solitaire/bootstrap.py shows a failure to start in a Tk box where Python has Tk;
        # bundled, Tk and the X libraries it pulls in would add 11 MB for a message that
        # on Linux mostly says "no display", where no box can open anyway.
        "--exclude-module=tkinter",
        # Debugging symbols are no use to a player: libpython alone sheds some 20 MB.
        *(["--strip"] if sys.platform.startswith("linux") else []),
        f"--workpath={WORK}",
        f"--specpath={WORK}",
        f"--distpath={DIST}",
        str(ROOT / "main.py"),
    ]


def desktop_entry() -> str:
    """A launcher inside the unpacked folder. A desktop file cannot name a path relative to
    itself, so it asks sh to start the program beside it (%k is the desktop file's own
    path, which KDE fills in and GLib leaves empty); each backslash is doubled for the
    desktop file's string rules. The game writes it again with absolute paths and its icon
    whenever it opens its window (solitaire/ui/platform/launcher.py)."""
    script = r'exec \\"\\$(dirname \\"\\$0\\")/' + NAME + r'\\"'
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        f"Name={NAME}\n"
        "Comment=Classic patience games: Klondike, Spider, FreeCell, Canfield, La Belle Lucie "
        "and more\n"
        f'Exec=sh -c "{script}" %k\n'
        "Terminal=false\n"
        "Categories=Game;CardGame;\n"
        f"StartupWMClass={APP_ID}\n"
    )


def shipped_folder() -> Path:
    """What the archive holds: the .app on macOS, else the one folder."""
    return DIST / f"{NAME}.app" if sys.platform == "darwin" else DIST / NAME


def pack(folder: Path, archive_stem: Path) -> Path:
    """The folder in a .zip on Windows (what Explorer opens), else a .tar.gz (which keeps
    the run bits and the symbolic links of a macOS .app)."""
    if sys.platform == "win32":
        archive = archive_stem.with_name(archive_stem.name + ".zip")
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as packed:
            for path in sorted(folder.rglob("*")):
                packed.write(path, path.relative_to(folder.parent).as_posix())
        return archive
    archive = archive_stem.with_name(archive_stem.name + ".tar.gz")
    with tarfile.open(archive, "w:gz", compresslevel=6) as packed:
        packed.add(folder, folder.name)
    return archive


def write_linux_launcher(folder: Path) -> None:
    launcher = folder / f"{NAME}.desktop"
    launcher.write_text(desktop_entry(), encoding="utf-8")
    # File managers start only desktop files that may be run.
    launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def add_notices(folder: Path) -> None:
    """LICENSE and THIRD-PARTY-NOTICES.txt beside the program (a .app keeps them inside,
    where PyInstaller put them: a file added to a signed bundle would break its seal)."""
    for name in NOTICES:
        shutil.copyfile(ROOT / name, folder / name)


def main() -> int:
    try:
        import PyInstaller.__main__
    except ImportError:
        print(
            f"build_exe.py: PyInstaller is not installed: run '{sys.executable} -m pip install "
            "pyinstaller'",
            file=sys.stderr,
        )
        return 2
    if not ICON_PNG.is_file() or not icon_pngs():
        subprocess.run([sys.executable, str(ROOT / "tools" / "make_icon.py")], check=True)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # PyInstaller imports pygame
    sys.path.insert(0, str(ROOT))  # where --collect-submodules finds the game's package
    PyInstaller.__main__.run(pyinstaller_args())
    folder = shipped_folder()
    if sys.platform != "darwin":
        add_notices(folder)
    if sys.platform.startswith("linux"):
        write_linux_launcher(folder)
    archive = pack(folder, DIST / f"{NAME}-{version()}-{platform_tag()}")
    print(f"built {archive}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
