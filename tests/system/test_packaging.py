"""Starting the game the ways people do: double-click, `python -m`, pipx, a desktop launcher.

Also the messages a fresh machine gets instead of a traceback: no pygame-ce, no display.
"""

import configparser
import os
import platform
import re
import shutil
import stat
import struct
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from helpers import HANG_GUARD, ROOT

from solitaire import APP_ID, __version__
from solitaire.assets import asset_dir
from solitaire.model.games import GAMES

SOUNDS = sorted(p.name for p in (ROOT / "sounds").glob("*.wav"))


def python(*args: str, env=None, cwd=ROOT) -> subprocess.CompletedProcess:
    """No terminal and no display, so that a failure never waits in a message window."""
    env = {k: v for k, v in (env or os.environ).items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.run(
        [sys.executable, *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        cwd=cwd,
        env=env,
        check=False,
    )


def without_pygame(tmp_path: Path) -> dict:
    """An environment where `import pygame` fails, as on a machine without pygame-ce."""
    fake = tmp_path / "no_pygame" / "pygame"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('No module named pygame')\n")
    return dict(os.environ, PYTHONPATH=str(fake.parent))


def assert_one_line_no_traceback(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# ---- main.py, Solitaire.pyw, python -m solitaire


def test_main_py_opens_with_python_when_double_clicked():
    main_py = ROOT / "main.py"
    assert main_py.read_text().startswith("#!/usr/bin/env python3\n")
    assert main_py.stat().st_mode & stat.S_IXUSR
    if shutil.which("git") and (ROOT / ".git").exists():
        index = subprocess.run(
            ["git", "ls-files", "-s", "main.py"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        ).stdout
        assert index.startswith("100755"), "git must keep main.py's run bit for fresh clones"


def test_python_m_solitaire_prints_the_version():
    result = python("-m", "solitaire", "--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"Solitaire {__version__}"


def test_pyw_twin_has_no_shebang():
    # The Windows Python install manager opens a console for a script with a shebang.
    assert not (ROOT / "Solitaire.pyw").read_text().startswith("#!")


def run_pyw_without_console(*args: str, env=None) -> subprocess.CompletedProcess:
    """Solitaire.pyw as pythonw runs it: sys.stdout and sys.stderr are None."""
    code = (
        "import runpy, sys\n"
        f"sys.argv = [{str(ROOT / 'Solitaire.pyw')!r}, *{list(args)!r}]\n"
        "sys.stdout = sys.stderr = None\n"
        "runpy.run_path(sys.argv[0], run_name='__main__')\n"
    )
    return python("-c", code, env=env)


def test_pyw_twin_runs_with_no_console():
    result = run_pyw_without_console("--game", "vierfrei", "--deal", "1", "--show")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_pyw_twin_reports_missing_pygame_without_a_crash(tmp_path):
    result = run_pyw_without_console(env=without_pygame(tmp_path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "pygame-ce is not installed" in result.stderr  # a message box on Windows


# ---- a fresh machine: no pygame-ce, no display


def test_without_pygame_main_py_says_how_to_install_it(tmp_path):
    result = python(str(ROOT / "main.py"), env=without_pygame(tmp_path))
    line = assert_one_line_no_traceback(result)
    assert "pygame-ce is not installed" in line and "pip install" in line


def test_the_original_pygame_is_named_not_a_traceback(tmp_path):
    # Debian's python3-pygame: a module named pygame, but not pygame-ce.
    fake = tmp_path / "original" / "pygame"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("version = None  # no IS_CE, no pygame.system\n")
    result = python(str(ROOT / "main.py"), env=dict(os.environ, PYTHONPATH=str(fake.parent)))
    line = assert_one_line_no_traceback(result)
    assert "is not pygame-ce" in line and "pip install" in line


def test_without_pygame_the_text_commands_still_work(tmp_path):
    result = python(
        str(ROOT / "main.py"), "--game", "vierfrei", "--deal", "1", "--show",
        env=without_pygame(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(": JD KD 2S 4C 3S 6D 6S")


def test_without_a_display_main_py_says_so_in_one_line():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
    result = python(str(ROOT / "main.py"), "--windowed", env=env)
    line = assert_one_line_no_traceback(result)
    assert "cannot open a window" in line and "--help" in line


# ---- pyproject.toml: pipx install . gives a solitaire command with the sounds


def test_pyproject_declares_the_gui_script_and_version():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == "solitaire-studio"  # the command stays solitaire
    assert project["version"] == __version__
    assert project["gui-scripts"] == {"solitaire": "solitaire.__main__:run"}
    assert any(dep.startswith("pygame-ce") for dep in project["dependencies"])
    from solitaire.__main__ import run

    assert callable(run)


def requirement_lines(name: str) -> list[str]:
    lines = (ROOT / name).read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_players_install_only_what_the_game_needs():
    """requirements.txt is the game's dependencies; requirements-dev.txt adds the tests'
    and the lint gate's (the [test] and [lint] extras), and the README's test command
    installs it."""
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert requirement_lines("requirements.txt") == project["dependencies"]
    dev = requirement_lines("requirements-dev.txt")
    extras = project["optional-dependencies"]
    assert dev == ["-r requirements.txt", *extras["test"], *extras["lint"]]
    assert any(line.startswith("hypothesis") for line in dev)
    readme = (ROOT / "README.md").read_text()
    assert "pip install -r requirements-dev.txt && .venv/bin/python -m pytest" in readme
    assert "-r requirements-dev.txt" in (ROOT / ".ci" / "run").read_text()


def test_assets_are_found_in_the_checkout():
    assert asset_dir("sounds") == ROOT / "sounds"
    assert (asset_dir("sprites") / "icon.png").is_file()


def test_the_wheel_ships_every_package_the_sounds_the_icon_and_the_fonts(tmp_path):
    """What `pipx install .` installs, built from a copy so no build files land here."""
    src = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("solitaire", "sounds", "sprites"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, src / name)
    result = python(
        "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path / "wheel"), str(src)
    )
    if result.returncode and "satisfies the requirement setuptools" in result.stderr:
        pytest.skip("no package index to fetch setuptools from")
    assert result.returncode == 0, result.stderr
    (wheel,) = (tmp_path / "wheel").glob("solitaire_studio-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for init in (ROOT / "solitaire").rglob("__init__.py"):
        assert init.relative_to(ROOT).as_posix() in names
    assert {f"solitaire/sounds/{name}" for name in SOUNDS} <= names
    assert "solitaire/sprites/icon.png" in names
    fonts = ("FiraSans-Regular.ttf", "FiraSans-Bold.ttf", "OFL.txt")
    assert {f"solitaire/fonts/{name}" for name in fonts} <= names
    assert {"solitaire/locale/de.po", "solitaire/locale/fr.po"} <= names  # the translations
    info = f"solitaire_studio-{__version__}.dist-info"
    entry_points = zipfile.ZipFile(wheel).read(f"{info}/entry_points.txt")
    assert b"[gui_scripts]\nsolitaire = solitaire.__main__:run" in entry_points
    assert {f"{info}/licenses/LICENSE", f"{info}/licenses/solitaire/fonts/OFL.txt"} <= names
    metadata = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode()
    assert "License-Expression: GPL-3.0-or-later" in metadata.splitlines()


def test_the_source_release_holds_what_a_packager_builds_tests_and_installs(tmp_path):
    """The sdist, built from the files git keeps (a copy, so no build files land here)."""
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if listed.returncode:
        pytest.skip("not a git checkout")
    src = tmp_path / "src"
    for name in listed.stdout.splitlines():
        if (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    code = "from setuptools import build_meta; print(build_meta.build_sdist('dist'))"
    result = python("-c", code, cwd=src)
    assert result.returncode == 0, result.stderr
    sdist = src / "dist" / result.stdout.split()[-1]
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    kept = {name for name in listed.stdout.splitlines() if (ROOT / name).is_file()}
    wanted = {
        name
        for name in kept
        if name.startswith(("tests/", "data/", "docs/", "tools/", "bench/", "solitaire/"))
        or "/" not in name
        and not name.startswith(".")
    }
    assert wanted - names == set()
    assert "data/solitaire.6" in names and ".ci/run" in names


# ---- the Linux desktop launcher


def read_desktop(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


DESKTOP_FILE = ROOT / "data" / f"{APP_ID}.desktop"
METAINFO = ROOT / "data" / f"{APP_ID}.metainfo.xml"
SCALABLE_ICON = ROOT / "data" / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
MANUAL_PAGE = ROOT / "data" / "solitaire.6"


def test_desktop_file_has_the_required_keys():
    entry = read_desktop(DESKTOP_FILE)
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Solitaire"
    assert entry["Comment"]
    assert entry["Exec"]
    assert entry["Terminal"] == "false"
    assert entry["Categories"] == "Game;CardGame;"
    # The icon by name (the hicolor theme's), and the window's class: both the app's id.
    assert entry["Icon"] == entry["StartupWMClass"] == APP_ID


def checkout_copy(tmp_path: Path) -> Path:
    """What install_desktop.sh reads of a checkout, with a .venv whose python is this test's
    interpreter (linked: run by that name it has no venv packages, enough for --version)."""
    here = tmp_path / "check out $HOME"  # a space and a $ in the path
    (here / "tools").mkdir(parents=True)
    shutil.copy(ROOT / "tools" / "install_desktop.sh", here / "tools")
    shutil.copytree(ROOT / "data", here / "data")
    (here / "main.py").symlink_to(ROOT / "main.py")
    python = here / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.symlink_to(sys.executable)
    return here


def install_desktop(here: Path, share: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, XDG_DATA_HOME=str(share))
    return subprocess.run(
        ["bash", str(here / "tools" / "install_desktop.sh"), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=HANG_GUARD,
        check=False,
    )


@pytest.mark.skipif(sys.platform == "win32" or not shutil.which("bash"), reason="needs bash")
def test_install_desktop_writes_a_launcher_that_starts_this_checkout(tmp_path):
    here, share = checkout_copy(tmp_path), tmp_path / "share"
    # What an older version installed goes.
    (share / "applications").mkdir(parents=True)
    (share / "applications" / "solitaire.desktop").write_text("[Desktop Entry]\n")
    result = install_desktop(here, share)
    assert result.returncode == 0, result.stderr
    assert not (share / "applications" / "solitaire.desktop").exists()
    entry = read_desktop(share / "applications" / f"{APP_ID}.desktop")
    command = exec_arguments(entry["Exec"])
    assert command == [str(here / ".venv" / "bin" / "python"), str(here / "main.py")]
    assert entry["Icon"] == entry["StartupWMClass"] == APP_ID
    for size in HICOLOR_SIZES:
        installed = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert installed.read_bytes() == hicolor_icon(size).read_bytes(), size
    metainfo = share / "metainfo" / f"{APP_ID}.metainfo.xml"
    assert metainfo.read_bytes() == METAINFO.read_bytes()
    scalable = share / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    assert scalable.read_bytes() == SCALABLE_ICON.read_bytes()
    manual = share / "man" / "man6" / "solitaire.6"
    assert manual.read_bytes() == MANUAL_PAGE.read_bytes()
    started = subprocess.run(
        [*command, "--version"], capture_output=True, text=True, timeout=HANG_GUARD, check=False
    )
    assert started.stdout.strip() == f"Solitaire {__version__}"
    assert install_desktop(here, share, "--uninstall").returncode == 0
    assert [path for path in share.rglob("*") if path.is_file()] == []  # caches included


@pytest.mark.skipif(sys.platform == "win32" or not shutil.which("bash"), reason="needs bash")
def test_uninstall_keeps_other_launchers_and_their_caches(tmp_path):
    here, share = checkout_copy(tmp_path), tmp_path / "share"
    other = share / "applications" / "other.desktop"
    other.parent.mkdir(parents=True)
    other.write_text("[Desktop Entry]\nType=Application\nName=Other\nExec=true\n")
    assert install_desktop(here, share).returncode == 0
    assert install_desktop(here, share, "--uninstall").returncode == 0
    assert other.is_file() and not (share / "applications" / f"{APP_ID}.desktop").exists()


@pytest.mark.skipif(
    not shutil.which("desktop-file-validate"), reason="desktop-file-utils is not installed"
)
def test_desktop_file_passes_desktop_file_validate():
    """Debian 12's validator (desktop-file-utils 0.26) knows entry versions up to 1.4."""
    result = subprocess.run(
        ["desktop-file-validate", str(DESKTOP_FILE)],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_metainfo_describes_this_release_and_its_launcher():
    from xml.etree import ElementTree

    component = ElementTree.parse(METAINFO).getroot()
    assert component.get("type") == "desktop-application"
    assert component.findtext("id") == APP_ID
    assert component.findtext("project_license") == "GPL-3.0-or-later"
    assert component.findtext("launchable") == DESKTOP_FILE.name
    newest = component.find("releases/release")
    assert newest.get("version") == __version__ and re.fullmatch(
        r"\d{4}-\d{2}-\d{2}", newest.get("date")
    )
    assert component.find("content_rating").get("type").startswith("oars-")
    assert component.find("developer/name").text == "Solitaire Studio"
    # No address of a site that does not exist (screenshots, homepage): validation fetches them.
    assert "://" not in re.sub(r"<!--.*?-->", "", METAINFO.read_text(), flags=re.DOTALL)
    described = " ".join(" ".join(p.itertext()) for p in component.iter("p"))
    described = " ".join(described.split())
    assert [cls.title for cls in GAMES.values() if cls.title not in described] == []


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="appstream is not installed")
def test_metainfo_passes_appstreamcli_validate():
    """No error or warning, with the network or without. Infos may differ between
    AppStream's versions: 0.16 (Debian 12) does not know 1.0's <developer> yet, which 1.0
    wants instead of the old <developer_name>."""
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO)],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    said = result.stdout.splitlines()
    assert [line for line in said if line.startswith(("E:", "W:"))] == [], result.stdout


# ---- the icon and the packaged game (.ci/run builds it, unpacks it and runs it)


def import_build_exe():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_exe
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return build_exe


HICOLOR_SIZES = (16, 32, 48, 64, 128, 256, 512)


def hicolor_icon(size: int) -> Path:
    return ROOT / "data" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def test_the_icon_is_drawn_at_every_hicolor_size():
    build_exe = import_build_exe()
    assert build_exe.APP_ID == APP_ID
    for size in HICOLOR_SIZES:
        assert build_exe.png_size(hicolor_icon(size).read_bytes()) == size
    assert list(build_exe.icon_pngs()) == list(HICOLOR_SIZES)
    # The 256 px picture is also sprites/icon.png, which the wheel carries.
    assert (ROOT / "sprites" / "icon.png").read_bytes() == hicolor_icon(256).read_bytes()


def read_ico(ico: bytes) -> dict[int, bytes]:
    """A .ico's pictures by size, as Windows reads them (a size byte of 0 means 256)."""
    assert ico[:4] == b"\0\0\1\0"
    count = int.from_bytes(ico[4:6], "little")
    pictures = {}
    for index in range(count):
        entry = ico[6 + 16 * index : 6 + 16 * (index + 1)]
        width, height, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", entry)
        assert width == height and (planes, bits) == (1, 32)
        pictures[width or 256] = ico[offset : offset + length]
    return pictures


def read_icns(icns: bytes) -> dict[bytes, bytes]:
    """An .icns file's elements by type, each length checked."""
    assert icns[:4] == b"icns" and int.from_bytes(icns[4:8], "big") == len(icns)
    elements, at = {}, 8
    while at < len(icns):
        kind, length = icns[at : at + 4], int.from_bytes(icns[at + 4 : at + 8], "big")
        elements[kind] = icns[at + 8 : at + length]
        at += length
    assert at == len(icns)
    return elements


def test_build_exe_makes_multi_size_windows_and_mac_icons():
    build_exe = import_build_exe()
    pngs = build_exe.icon_pngs()
    ico = read_ico(build_exe.ico_from_pngs(pngs))
    assert ico == {size: pngs[size] for size in HICOLOR_SIZES if size <= 256}  # 16..256
    icns = read_icns(build_exe.icns_from_pngs(pngs))
    assert icns[b"icp4"] == pngs[16] and icns[b"ic11"] == icns[b"icp5"] == pngs[32]
    assert icns[b"ic07"] == pngs[128] and icns[b"ic08"] == icns[b"ic13"] == pngs[256]
    assert icns[b"ic09"] == icns[b"ic14"] == pngs[512]
    for png in icns.values():
        assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_build_is_a_windowed_folder_with_every_module_of_the_game():
    # One file unpacks 24 MB into a temporary folder on every launch: ~400 ms, not ~110.
    args = import_build_exe().pyinstaller_args()
    assert "--onedir" in args and "--onefile" not in args
    assert "--windowed" in args
    assert "--collect-submodules=solitaire" in args  # the games are found at run time


def test_the_build_carries_the_ui_fonts_and_their_licence():
    build_exe = import_build_exe()
    sep = ";" if sys.platform == "win32" else ":"
    fonts = ROOT / "solitaire" / "fonts"
    assert f"--add-data={fonts}{sep}solitaire/fonts" in build_exe.pyinstaller_args()
    assert {"FiraSans-Regular.ttf", "FiraSans-Bold.ttf", "OFL.txt"} <= {
        path.name for path in fonts.iterdir()
    }


def test_the_build_carries_the_licence_and_the_third_party_notices(tmp_path):
    build_exe = import_build_exe()
    sep = ";" if sys.platform == "win32" else ":"
    args = build_exe.pyinstaller_args()
    for name in ("LICENSE", "THIRD-PARTY-NOTICES.txt"):
        assert f"--add-data={ROOT / name}{sep}." in args  # inside the bundle (a .app too)
    folder = fake_build(tmp_path / "dist")
    build_exe.add_notices(folder)  # and beside the program on Linux and Windows
    assert (folder / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
    notices = (folder / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    for words in ("PSF-2.0", "LGPL-2.1", "zlib", "FreeType", "OFL-1.1", "Bootloader exception"):
        assert words in notices, words


def bundled_libraries() -> list[str]:
    """The shared libraries the installed pygame-ce wheel carries (Linux wheels keep them in
    pygame_ce.libs/, named libNAME-HASH.so...), by name: libSDL2, libpng16 ..."""
    import pygame

    libs = Path(pygame.__file__).parent.parent / "pygame_ce.libs"
    names = (re.match(r"(lib[^-.]+(?:-[0-9.]+)?)-[0-9a-f]{8}", p.name) for p in libs.iterdir())
    return sorted({re.sub(r"-[0-9.]+$", "", m[1]) for m in names if m})


def test_the_notices_name_every_library_the_pygame_wheel_bundles():
    """A new pygame-ce wheel that brings a new library must have it named in the notices."""
    try:
        libraries = bundled_libraries()
    except FileNotFoundError:
        pytest.skip("this pygame-ce wheel keeps no pygame_ce.libs folder")
    assert "libSDL2" in libraries and "libfreetype" in libraries
    notices = (ROOT / "THIRD-PARTY-NOTICES.txt").read_text(encoding="utf-8")
    assert [name for name in libraries if not re.search(rf"\b{name}\b", notices)] == []


def test_the_project_is_gpl_3_or_later():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["dynamic"] == ["license"]  # setup.py: as each setuptools can say it
    setup = (ROOT / "setup.py").read_text()
    assert 'LICENCE = "GPL-3.0-or-later"' in setup
    assert 'LICENCE_FILES = ["LICENSE", "solitaire/fonts/OFL.txt"]' in setup
    licence = (ROOT / "LICENSE").read_text()
    assert licence.lstrip().startswith("GNU GENERAL PUBLIC LICENSE") and "Version 3" in licence
    assert not [c for c in project["classifiers"] if c.startswith("License ::")]  # PEP 639


def test_the_archive_is_named_for_version_and_platform():
    build_exe = import_build_exe()
    assert build_exe.version() == __version__
    tag = build_exe.platform_tag()
    assert re.fullmatch(r"(linux|windows|macos|[a-z]+)-[a-z0-9_]+", tag)
    if sys.platform.startswith("linux"):
        assert tag == f"linux-{platform.machine().lower()}"


def fake_build(dist: Path) -> Path:
    folder = dist / "Solitaire"
    (folder / "_internal").mkdir(parents=True)
    (folder / "_internal" / "libpython.so").write_bytes(b"library")
    program = folder / "Solitaire"
    program.write_text('#!/bin/sh\necho "$0 $*" > "$(dirname "$0")/started"\n')
    program.chmod(0o755)
    return folder


@pytest.mark.skipif(sys.platform == "win32", reason="a .tar.gz outside Windows")
def test_the_archive_unpacks_to_the_folder_with_its_run_bits(tmp_path):
    build_exe = import_build_exe()
    folder = fake_build(tmp_path / "dist")
    build_exe.write_linux_launcher(folder)
    archive = build_exe.pack(folder, tmp_path / "dist" / "Solitaire-1.0-linux-x86_64")
    assert archive.name == "Solitaire-1.0-linux-x86_64.tar.gz"
    with tarfile.open(archive) as packed:
        packed.extractall(tmp_path / "unpacked", filter="tar")
    unpacked = tmp_path / "unpacked" / "Solitaire"
    assert (unpacked / "_internal" / "libpython.so").read_bytes() == b"library"
    for name in ("Solitaire", "Solitaire.desktop"):  # both started by a double-click
        assert (unpacked / name).stat().st_mode & stat.S_IXUSR, name


def test_on_windows_the_archive_is_a_zip(tmp_path, monkeypatch):
    build_exe = import_build_exe()
    folder = fake_build(tmp_path / "dist")
    monkeypatch.setattr(build_exe.sys, "platform", "win32")
    archive = build_exe.pack(folder, tmp_path / "dist" / "Solitaire-1.0-windows-amd64")
    names = zipfile.ZipFile(archive).namelist()
    assert archive.suffix == ".zip"
    assert {"Solitaire/Solitaire", "Solitaire/_internal/libpython.so"} <= set(names)


def exec_arguments(value: str) -> list[str]:
    """An Exec key's arguments, unescaped as a desktop environment does: first the string
    escapes of a desktop file, then the Exec rules (double quotes, in which a backslash
    takes the next character literally)."""
    value = re.sub(r"\\(.)", lambda m: {"s": " ", "n": "\n", "t": "\t"}.get(m[1], m[1]), value)
    arguments, word, quoted, index = [], None, False, 0
    while index < len(value):
        char = value[index]
        if quoted and char == "\\":
            index += 1
            word += value[index]
        elif char == '"':
            quoted, word = not quoted, word or ""
        elif char == " " and not quoted:
            if word is not None:
                arguments.append(word)
            word = None
        else:
            word = (word or "") + char
        index += 1
    return arguments + ([word] if word is not None else [])


@pytest.mark.skipif(sys.platform == "win32" or not shutil.which("sh"), reason="needs sh")
def test_the_folders_desktop_launcher_starts_the_program_beside_it(tmp_path):
    build_exe = import_build_exe()
    folder = fake_build(tmp_path / "un packed $HOME")  # spaces and a $ in the path
    build_exe.write_linux_launcher(folder)
    launcher = folder / "Solitaire.desktop"
    entry = read_desktop(launcher)
    assert entry["Type"] == "Application" and entry["Name"] == "Solitaire"
    assert entry["StartupWMClass"] == APP_ID
    command = [str(launcher) if arg == "%k" else arg for arg in exec_arguments(entry["Exec"])]
    subprocess.run(command, check=True, timeout=HANG_GUARD)
    assert (folder / "started").read_text().strip() == str(folder / "Solitaire")
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(
            ["desktop-file-validate", launcher], capture_output=True, check=False
        )
        assert checked.returncode == 0, checked.stdout


def test_the_scalable_icon_is_a_square_svg_of_the_application():
    from xml.etree import ElementTree

    svg = ElementTree.parse(SCALABLE_ICON).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    assert svg.get("viewBox") == "0 0 256 256"
    assert "<image" not in SCALABLE_ICON.read_text()  # drawn, not a picture wrapped in SVG


def test_the_manual_page_is_made_from_the_help_of_today():
    """tools/make_manpage.py writes it from the parser --help prints: run it after changing
    an option, a game or its help."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_manpage
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert (
        MANUAL_PAGE.read_text(encoding="utf-8") == make_manpage.page()
    ), "data/solitaire.6 is out of date: run python tools/make_manpage.py"


@pytest.mark.skipif(not shutil.which("groff"), reason="groff is not installed")
def test_the_manual_page_renders_without_a_warning():
    result = subprocess.run(
        ["groff", "-ww", "-man", "-Tutf8", str(MANUAL_PAGE)],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )
    assert result.returncode == 0 and result.stderr == ""
    text = re.sub(r".\x08", "", result.stdout)  # overstrike for bold
    assert "--game ID" in text.replace("\u2010", "-") and "EXIT STATUS" in text


def test_the_packaged_launcher_is_rewritten_with_the_folder_s_absolute_paths(tmp_path):
    from solitaire.ui.platform.launcher import refresh_packaged_launcher

    folder = tmp_path / 'unpacked $HOME "here"'  # a space, a $ and quotes in the path
    folder.mkdir()
    program = folder / "Solitaire"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    assert refresh_packaged_launcher(program)
    launcher = folder / "Solitaire.desktop"
    entry = read_desktop(launcher)
    assert exec_arguments(entry["Exec"]) == [str(program)]
    assert Path(entry["Icon"]).is_file() and entry["StartupWMClass"] == APP_ID
    assert launcher.stat().st_mode & stat.S_IXUSR
    assert not refresh_packaged_launcher(program)  # unchanged: not written again
    if shutil.which("desktop-file-validate"):
        checked = subprocess.run(
            ["desktop-file-validate", str(launcher)], capture_output=True, text=True, check=False
        )
        assert checked.returncode == 0 and not checked.stdout.strip(), checked.stdout


def test_a_packaged_folder_that_cannot_be_written_keeps_its_launcher(tmp_path):
    from solitaire.ui.platform.launcher import refresh_packaged_launcher

    program = tmp_path / "Solitaire"
    (tmp_path / "Solitaire.desktop").mkdir()  # in the way: not a file
    assert not refresh_packaged_launcher(program)
    assert (tmp_path / "Solitaire.desktop").is_dir()


def test_the_version_agrees_everywhere_it_is_written():
    """--version, pyproject, the CHANGELOG's newest release and the metainfo's newest
    release name one version, and the two releases one date."""
    from xml.etree import ElementTree

    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    version, date = re.search(
        r"^## (\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})$", changelog, re.MULTILINE
    ).groups()
    newest = ElementTree.parse(METAINFO).getroot().find("releases/release")
    assert __version__ == project["version"] == version == newest.get("version")
    assert newest.get("date") == date
    # Changes after it go under "## Unreleased", above it.
    assert changelog.find("## Unreleased") < changelog.index(f"## {version} ")
