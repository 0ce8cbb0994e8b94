"""Double-click to play on Windows: .pyw files open with pythonw, so no console window.

No shebang on purpose: the Windows Python install manager opens a console for scripts that
have one. If the Python that opened this file has no pygame-ce but the checkout's .venv
does (the README's setup), the game restarts with the .venv's pythonw. Without a console
there is nowhere to print, so a failure is shown in a message box instead
(solitaire/bootstrap.py, shared with main.py).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from solitaire.bootstrap import start  # after the checkout is put on the path

sys.exit(start(__file__, sys.argv[1:], windowed=True))
