#!/usr/bin/env bash
# The fuzz runs of issue 10, against this checkout (see README.md beside this file).
# Run from anywhere as root (the full-disk and read-only cases mount two small tmpfs);
# as another user those two cases fail with a message.
set -uo pipefail
cd "$(dirname "$0")/../.."
export TESSERA_FUZZ_LINES="${TESSERA_FUZZ_LINES:-510000}"
export TESSERA_FUZZ_RECORDS="${TESSERA_FUZZ_RECORDS:-100000}"
export TESSERA_FUZZ_CONFIGS="${TESSERA_FUZZ_CONFIGS:-40000}"
export TESSERA_FUZZ_KILLS="${TESSERA_FUZZ_KILLS:-900}"
status=0
step() { echo; echo "== $*"; uptime; }

step "GTP: $TESSERA_FUZZ_LINES lines against the tessera binary"
cargo test --test gtp_fuzz -- --ignored --nocapture binary_fuzz_run || status=1

step "GTP: one line of 100 MB (peak memory, length of the answer)"
big="$(mktemp)"
{ printf '7 play b '; head -c 100000000 /dev/zero | tr '\0' a; printf '\nname\n'; } > "$big"
answer="$(/usr/bin/time -f 'peak RSS %M KiB, %e s' target/debug/tessera gtp < "$big" 2>"$big.time")"
echo "answer (${#answer} bytes): ${answer//$'\n'/⏎}"
cat "$big.time"
rm -f "$big" "$big.time"

step "records ($TESSERA_FUZZ_RECORDS), configs and themes ($TESSERA_FUZZ_CONFIGS)"
cargo test --test file_fuzz -- --ignored --nocapture fuzz_run || status=1

step "kill -9 in the middle of saves ($TESSERA_FUZZ_KILLS kills)"
cargo test --test save_faults -- --ignored --nocapture --exact kill_during_saves || status=1

step "a full disk and a read-only directory"
tools/save-faults-mounted.sh --match || status=1
exit $status
