"""Build the game as one executable with PyInstaller: dist/Solitaire (Solitaire.exe on Windows).

Usage: python tools/build_exe.py   (needs `pip install pyinstaller` in the same Python)

One file, windowed (no console on Windows, an .app as well on macOS), with sounds/ and
sprites/icon.png inside and the icon as the program's icon. PyInstaller builds for the
system it runs on only: build on each system you ship for. The pygame-ce wheel brings its
own PyInstaller hook (SDL libraries, its default font). Work files go to build/pyinstaller.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "Solitaire"
ICON_PNG = ROOT / "sprites" / "icon.png"
WORK = ROOT / "build" / "pyinstaller"
DIST = ROOT / "dist"


def ico_from_png(png: bytes) -> bytes:
    """A Windows .ico holding the PNG as its one 256x256 image (allowed since Vista)."""
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png


def icns_from_png(png: bytes) -> bytes:
    """A macOS .icns holding the PNG as its 256x256 ('ic08') image."""
    return (
        b"icns"
        + struct.pack(">I", 8 + 8 + len(png))
        + b"ic08"
        + struct.pack(">I", 8 + len(png))
        + png
    )


def platform_icon() -> Path | None:
    """The icon in the format PyInstaller wants here, made without Pillow (None on Linux,
    where executables carry no icon: tools/install_desktop.sh gives the launcher one)."""
    png = ICON_PNG.read_bytes()
    if sys.platform == "win32":
        path = WORK / "icon.ico"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(ico_from_png(png))
        return path
    if sys.platform == "darwin":
        path = WORK / "icon.icns"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(icns_from_png(png))
        return path
    return None


def pyinstaller_args() -> list[str]:
    sep = ";" if sys.platform == "win32" else ":"  # --add-data SOURCE<sep>DEST
    icon = platform_icon()
    return [
        "--noconfirm",
        "--clean",
        "--log-level=WARN",
        "--onefile",
        "--windowed",
        f"--name={NAME}",
        *([f"--icon={icon}"] if icon else []),
        f"--add-data={ROOT / 'sounds'}{sep}sounds",
        f"--add-data={ICON_PNG}{sep}sprites",
        f"--workpath={WORK}",
        f"--specpath={WORK}",
        f"--distpath={DIST}",
        str(ROOT / "main.py"),
    ]


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
    if not ICON_PNG.is_file():
        subprocess.run([sys.executable, str(ROOT / "tools" / "make_icon.py")], check=True)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # PyInstaller imports pygame
    PyInstaller.__main__.run(pyinstaller_args())
    exe = DIST / (NAME + ".exe" if sys.platform == "win32" else NAME)
    print(f"built {exe}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
