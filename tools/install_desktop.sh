#!/usr/bin/env bash
# Put Solitaire in the desktop's application menu (freedesktop: GNOME, KDE, Xfce ...).
#
# Installs ~/.local/share/applications/solitaire.desktop and its icon into the hicolor theme
# under ~/.local/share/icons. The launcher starts this checkout's main.py with its .venv
# (the README's setup); with no .venv here it starts the `solitaire` command that
# `pipx install .` makes. Run it again after moving the checkout. --uninstall removes both.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
apps="$data/applications"
icon="$data/icons/hicolor/256x256/apps/solitaire.png"
entry="$apps/solitaire.desktop"

refresh() {
    command -v update-desktop-database >/dev/null && update-desktop-database -q "$apps" || true
    command -v gtk-update-icon-cache >/dev/null &&
        gtk-update-icon-cache -q -t "$data/icons/hicolor" 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$entry" "$icon"
    refresh
    echo "removed $entry and $icon"
    exit 0
fi

# One argument of an Exec line: in double quotes, with \ " ` $ escaped for the Exec rules,
# then each backslash doubled again for the desktop file's string rules.
exec_arg() {
    local s="$1"
    s="${s//\\/\\\\}"
    s="${s//\"/\\\"}"
    s="${s//\`/\\\`}"
    s="${s//\$/\\\$}"
    s="${s//\\/\\\\}"
    printf '"%s"' "$s"
}

if [ -x "$here/.venv/bin/python" ]; then
    exec_line="$(exec_arg "$here/.venv/bin/python") $(exec_arg "$here/main.py")"
    try_exec="$here/.venv/bin/python"
elif command -v solitaire >/dev/null; then
    exec_line="$(exec_arg "$(command -v solitaire)")"
    try_exec="$(command -v solitaire)"
else
    echo "install_desktop.sh: no $here/.venv and no solitaire command; first run" >&2
    echo "  python3 -m venv .venv && .venv/bin/pip install -r requirements.txt" >&2
    exit 2
fi

mkdir -p "$apps" "$(dirname "$icon")"
if [ -f "$here/sprites/icon.png" ]; then
    cp "$here/sprites/icon.png" "$icon"
else
    echo "install_desktop.sh: no sprites/icon.png (python tools/make_icon.py draws it)" >&2
fi

# The launcher of the checkout with the absolute paths of this machine filled in.
while IFS= read -r line; do
    case "$line" in
        Exec=*) printf 'Exec=%s\n' "$exec_line" ;;
        TryExec=*) printf 'TryExec=%s\n' "${try_exec//\\/\\\\}" ;;
        Icon=*) printf 'Icon=%s\n' "${icon//\\/\\\\}" ;;
        *) printf '%s\n' "$line" ;;
    esac
done <"$here/solitaire.desktop" >"$entry.tmp"
chmod +x "$entry.tmp"
mv "$entry.tmp" "$entry"
refresh
echo "installed $entry"
echo "  Exec=$exec_line"
echo "  Icon=$icon"
