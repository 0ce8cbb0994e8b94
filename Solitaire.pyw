"""Double-click to play on Windows: .pyw files open with pythonw, so no console window.

No shebang on purpose: the Windows Python install manager opens a console for scripts that
have one. If the Python that opened this file has no pygame-ce but the checkout's .venv
does (the README's setup), the game restarts with the .venv's pythonw. Without a console
there is nowhere to print, so a failure is shown in a message box instead.
"""

import importlib.util
import io
import subprocess
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
VENV_PYTHONW = HERE / ".venv" / "Scripts" / "pythonw.exe"


def show(message: str) -> None:
    if sys.platform == "win32":
        import ctypes

        ctypes.windll.user32.MessageBoxW(None, message, "Solitaire", 0x10)  # MB_ICONERROR
    elif sys.__stderr__ is not None:
        print(message, file=sys.__stderr__)


def start() -> int:
    if (
        importlib.util.find_spec("pygame") is None
        and VENV_PYTHONW.is_file()
        and Path(sys.executable).resolve() != VENV_PYTHONW.resolve()
    ):
        subprocess.Popen([str(VENV_PYTHONW), str(Path(__file__).resolve()), *sys.argv[1:]])
        return 0
    messages = io.StringIO()
    if sys.stdout is None:
        sys.stdout = messages
    if sys.stderr is None:
        sys.stderr = messages
    sys.path.insert(0, str(HERE))
    try:
        from solitaire.cli import main

        code = main(sys.argv[1:])
    except Exception:
        show(traceback.format_exc())
        return 1
    if code and messages.getvalue().strip():
        show(messages.getvalue().strip())
    return code


sys.exit(start())
