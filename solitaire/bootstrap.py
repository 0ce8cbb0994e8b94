"""Starting from a double-click: main.py, Solitaire.pyw and `python -m solitaire`.

A file manager runs main.py with the system's Python, which usually has no pygame-ce: the
README's setup put it in the checkout's .venv, so the game restarts with that Python. And a
double-clicked game has no terminal, so whatever stops it from starting is shown in a
window as well as on stderr: MessageBoxW on Windows; elsewhere a Tk box, or where Python has
no Tk (the packaged game leaves it out, and many system Pythons come without it) or Tk
cannot open, the first of zenity, kdialog, xmessage and notify-send that is installed. Only
the standard library here: this runs before anything else is known to be installed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Set in the restarted game's environment: a .venv whose Python has no pygame-ce either
# must not restart again and again.
RESTARTED = "SOLITAIRE_RESTARTED"
TITLE = "Solitaire"


def venv_python(checkout: Path, windowed: bool) -> Path:
    """The checkout's .venv interpreter (pythonw on Windows for a game with no console)."""
    if sys.platform == "win32":
        return checkout / ".venv" / "Scripts" / ("pythonw.exe" if windowed else "python.exe")
    return checkout / ".venv" / "bin" / "python"


def has_pygame_ce() -> bool:
    """Whether this Python has pygame-ce installed. Not just a module named pygame: Debian's
    python3-pygame is the original pygame, which lacks parts the game uses."""
    # Imported here, not at the top: importlib.metadata brings email, zipfile and more,
    # some 20 ms of every launch, and most launches never need to ask.
    import importlib.metadata

    try:
        importlib.metadata.distribution("pygame-ce")
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def restart_in_venv(script: Path, argv: list[str], windowed: bool) -> int | None:
    """Run the game with the checkout's .venv if this Python has no pygame-ce and that one
    may: its exit code, or None to carry on here (POSIX replaces this process instead)."""
    python = venv_python(script.parent, windowed)
    if (  # the cheap questions first: has_pygame_ce is asked only where a restart may be
        os.environ.get(RESTARTED)
        or not python.is_file()
        or Path(sys.prefix).resolve() == python.parent.parent.resolve()
        or has_pygame_ce()
    ):
        return None
    os.environ[RESTARTED] = "1"
    command = [str(python), str(script), *argv]
    try:
        if sys.platform == "win32":  # Windows has no exec: the game runs as a child
            import subprocess

            return subprocess.call(command)
        os.execv(command[0], command)
    except OSError:
        return None  # it cannot be run: this Python says what is missing
    return None


def has_terminal() -> bool:
    """Whether a person can see stderr: it exists (pythonw has none) and a terminal is on
    one of the standard streams."""
    if sys.stderr is None:
        return False
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        try:
            if stream is not None and stream.isatty():
                return True
        except (OSError, ValueError):  # a closed stream
            continue
    return False


class Recorder:
    """stderr as it was (if there is one), with a copy of everything written to it."""

    def __init__(self, stream):
        self.stream = stream
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        if self.stream is not None:
            self.stream.write(text)
        return len(text)

    def flush(self) -> None:
        if self.stream is not None:
            self.stream.flush()

    def text(self) -> str:
        return "".join(self.parts).strip()

    def __getattr__(self, name: str):  # reconfigure, fileno, encoding ...: the stream's
        return getattr(self.stream, name)


def show_in_window(message: str) -> bool:
    """A message box (MessageBoxW on Windows, else Tk or a desktop's dialog program); False
    where none can open."""
    if sys.platform == "win32":
        import ctypes

        ctypes.windll.user32.MessageBoxW(None, message, TITLE, 0x10)  # MB_ICONERROR
        return True
    return show_with_tk(message) or show_with_a_program(message)


def show_with_tk(message: str) -> bool:
    try:
        import tkinter
        from tkinter import messagebox
    except ImportError:  # a Python built without Tk, or the packaged game
        return False
    try:
        root = tkinter.Tk()
    except tkinter.TclError:  # no display for it
        return False
    root.withdraw()
    messagebox.showerror(TITLE, message, parent=root)
    root.destroy()
    return True


def dialog_commands(message: str) -> list[list[str]]:
    """Programs that show ``message``, best first: GNOME's and KDE's dialogs, X's own
    xmessage (in almost every X installation), and a desktop notice as the last resort.
    The message is one argument, never read as options or markup."""
    return [
        ["zenity", "--error", "--no-markup", f"--title={TITLE}", f"--text={message}"],
        ["kdialog", "--title", TITLE, "--error", message],
        ["xmessage", "-center", "-title", TITLE, "-buttons", "OK:0", "-default", "OK", message],
        ["notify-send", "--urgency=critical", TITLE, message],
    ]


def show_with_a_program(message: str) -> bool:
    """The first dialog program installed that shows the message (and exits with 0 once it
    is read); none without a display to show it on."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    import shutil
    import subprocess

    env = dict(os.environ)
    if getattr(sys, "frozen", False):  # the packaged game: not its own libraries for them
        original = env.pop("LD_LIBRARY_PATH_ORIG", None)
        env.pop("LD_LIBRARY_PATH", None)
        if original is not None:
            env["LD_LIBRARY_PATH"] = original
    for name, *args in dialog_commands(message):
        program = shutil.which(name)
        if program is None:
            continue
        try:
            shown = subprocess.run(
                [program, *args],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                env=env,
                check=False,
            )
        except OSError:
            continue
        if shown.returncode == 0:
            return True
    return False


def command_name(script: str | None = None) -> str:
    """The command as the player started it, for messages and --help: main.py or
    Solitaire.pyw (``script``), python -m solitaire, the solitaire command pipx installs,
    or the packaged Solitaire."""
    if getattr(sys, "frozen", False):  # the packaged game runs main.py under its own name
        return Path(sys.executable).stem
    path = Path(script or sys.argv[0] or "main.py")
    if path.name == "__main__.py":
        return f"python -m {path.parent.name}"
    return path.stem if path.suffix.lower() == ".exe" else path.name


def run_game(argv: list[str], prog: str | None = None) -> int:
    """The game (or a text command), with any failure to open the game shown where it can
    be seen. Text commands are for terminals and scripts: their messages stay on stderr.
    ``prog``: the command as it was started (command_name() when not said)."""
    prog = prog or command_name()
    if sys.stdout is None:  # pythonw: no console
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - open for the whole run
    if has_terminal():
        from .cli import main

        return main(argv, prog)
    # Before cli is imported: it binds sys.stderr as a default.
    recorder = sys.stderr = Recorder(sys.stderr or sys.__stderr__)
    try:
        from .cli import TEXT_COMMANDS, main

        opens_window = not any(arg.split("=")[0] in TEXT_COMMANDS for arg in argv)
        code = main(argv, prog)
    except Exception:  # noqa: BLE001 - whatever it is, the player must see it
        import traceback

        recorder.write(traceback.format_exc())
        opens_window, code = True, 1
    if code and opens_window and recorder.text():
        show_in_window(recorder.text())
    return code


def start(script: str, argv: list[str], windowed: bool = False) -> int:
    """main.py and Solitaire.pyw: in this checkout's .venv if need be, then the game."""
    restarted = restart_in_venv(Path(script).resolve(), argv, windowed)
    return run_game(argv, command_name(script)) if restarted is None else restarted
