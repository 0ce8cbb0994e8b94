#!/usr/bin/env bash
# Run a command with it and every process it starts held to a share of one core, as on a
# much slower machine:   bench/held.sh 25 python bench/partner_load.py --deals 1-10
# cpulimit 2.8 limits one process (-p); its -m (follow forks) forked itself without end
# here, so this script attaches one cpulimit to the command and one to each process that
# appears under it (the partner's worker), checking twice a second. The cpulimits are
# this script's children, not the command's, so none of them is ever held.
set -u
limit="$1"
shift
"$@" &
top=$!
declare -A held=()
descendants() { # the processes under $1, at any depth
    local child
    for child in $(pgrep -P "$1"); do
        echo "$child"
        descendants "$child"
    done
}
while kill -0 "$top" 2>/dev/null; do
    for pid in $top $(descendants "$top"); do
        if [ -z "${held[$pid]:-}" ]; then
            cpulimit -q -z -l "$limit" -p "$pid" >/dev/null 2>&1 &
            held[$pid]=1
        fi
    done
    sleep 0.5
done
wait "$top"
