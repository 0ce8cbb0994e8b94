#!/usr/bin/env bash
# Put Solitaire in the desktop's application menu (freedesktop: GNOME, KDE, Xfce ...).
#
# Installs, under ~/.local/share (or $XDG_DATA_HOME):
#   applications/org.solitairestudio.Solitaire.desktop    the launcher
#   icons/hicolor/SIZExSIZE/apps/org.solitairestudio.Solitaire.png   its icon, 16..512 px
#   icons/hicolor/scalable/apps/org.solitairestudio.Solitaire.svg    and as a scalable one
#   metainfo/org.solitairestudio.Solitaire.metainfo.xml   its description for software centres
#   man/man6/solitaire.6                                   its manual page (`man solitaire`)
# all from data/ (the PNG icons drawn by tools/make_icon.py, the page by tools/make_manpage.py). The launcher names its icon by
# the application's id, and the game's window has that class (StartupWMClass), so the menu,
# the dock and the window list show one application with one icon. The launcher starts this
# checkout's main.py with its .venv (the README's setup); with no .venv here it starts the
# `solitaire` command that `pipx install .` makes. Run it again after moving the checkout.
# --uninstall removes it all. Files an older version installed (solitaire.desktop and
# solitaire.png) are removed either way.
set -euo pipefail

app_id="org.solitairestudio.Solitaire"
here="$(cd "$(dirname "$0")/.." && pwd)"
data="${XDG_DATA_HOME:-}"
case "$data" in
    /*) ;;
    *) data="$HOME/.local/share" ;; # empty or relative: ignored, as the XDG rules say
esac
apps="$data/applications"
hicolor="$data/icons/hicolor"
metainfo="$data/metainfo"
entry="$apps/$app_id.desktop"
scalable="$hicolor/scalable/apps/$app_id.svg"
manual="$data/man/man6/solitaire.6"
old=("$apps/solitaire.desktop" "$hicolor/256x256/apps/solitaire.png")

refresh() {
    command -v update-desktop-database >/dev/null && update-desktop-database -q "$apps" || true
    command -v gtk-update-icon-cache >/dev/null &&
        gtk-update-icon-cache -q -t "$hicolor" 2>/dev/null || true
}

# Whether a folder holds a file other than the desktop's index and cache files.
holds_others() {
    [ -d "$1" ] && find "$1" -type f ! -name '*.cache' ! -name index.theme -print -quit | grep -q .
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$entry" "$hicolor"/*/apps/"$app_id".png "$scalable" "$metainfo/$app_id.metainfo.xml" \
        "$manual" "${old[@]}"
    # The caches refresh() made: brought up to date where other launchers or icons remain,
    # removed with the folders this script made where nothing else is left.
    for folder in "$apps" "$hicolor"; do
        if ! holds_others "$folder" && [ -d "$folder" ]; then
            find "$folder" -type f -name '*.cache' -delete
            find "$folder" -depth -type d -empty -delete
        fi
    done
    for folder in "$metainfo" "$data/man"; do
        [ -d "$folder" ] && find "$folder" -depth -type d -empty -delete
    done
    holds_others "$apps" || holds_others "$hicolor" && refresh
    echo "removed $entry, its icons, its metainfo and its manual page"
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

rm -f "${old[@]}"
icons=0
for icon in "$here"/data/icons/hicolor/*/apps/"$app_id".png; do
    [ -f "$icon" ] || continue
    size="$(basename "$(dirname "$(dirname "$icon")")")"
    mkdir -p "$hicolor/$size/apps"
    cp "$icon" "$hicolor/$size/apps/"
    icons=$((icons + 1))
done
if [ "$icons" = 0 ]; then
    echo "install_desktop.sh: no icons in data/icons (python tools/make_icon.py draws them)" >&2
fi
if [ -f "$here/data/icons/hicolor/scalable/apps/$app_id.svg" ]; then
    mkdir -p "$(dirname "$scalable")"
    cp "$here/data/icons/hicolor/scalable/apps/$app_id.svg" "$scalable"
fi
mkdir -p "$apps" "$metainfo" "$(dirname "$manual")"
cp "$here/data/$app_id.metainfo.xml" "$metainfo/"
cp "$here/data/solitaire.6" "$manual"

# The checkout's launcher with the absolute paths of this machine filled in.
while IFS= read -r line; do
    case "$line" in
        Exec=*) printf 'Exec=%s\n' "$exec_line" ;;
        TryExec=*) printf 'TryExec=%s\n' "${try_exec//\\/\\\\}" ;;
        *) printf '%s\n' "$line" ;;
    esac
done <"$here/data/$app_id.desktop" >"$entry.tmp"
chmod +x "$entry.tmp"
mv "$entry.tmp" "$entry"
refresh
echo "installed $entry"
echo "  Exec=$exec_line"
echo "  Icon=$app_id ($icons sizes and a scalable one in $hicolor)"
echo "  manual page: $manual (man solitaire)"
