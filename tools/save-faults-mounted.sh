#!/usr/bin/env bash
# The two save cases that need file systems of their own: a full disk and a read-only
# directory (two 256 KiB tmpfs, so root). `--release` builds in release. With `--match`, also
# saves `tessera match` records onto the full disk. Exit status 1 if a case failed or the
# mounts could not be made.
set -uo pipefail
cd "$(dirname "$0")/.."
profile=(); bin=target/debug/tessera; with_match=0
for a in "$@"; do
    case $a in
        --release) profile=(--release); bin=target/release/tessera ;;
        --match) with_match=1 ;;
    esac
done
if [ "$(id -u)" != 0 ]; then
    echo "not root: the full-disk and read-only cases mount two small tmpfs; run as root" >&2
    exit 1
fi
status=0
full="$(mktemp -d)"; ro="$(mktemp -d)"
mount -t tmpfs -o size=256k tmpfs "$full"
mount -t tmpfs -o size=256k tmpfs "$ro"
printf 'game = "linage"\nstarted = 2025-01-31T18:00:00Z\nturns = ["komi=0.5"]\n[options]\n' > "$ro/game.toml"
mount -o remount,ro "$ro"
TESSERA_FULL_DIR="$full" cargo test "${profile[@]}" --test save_faults -- --ignored --nocapture --exact full_disk || status=1
TESSERA_RO_DIR="$ro" cargo test "${profile[@]}" --test save_faults -- --ignored --nocapture --exact read_only_directory || status=1
if [ $with_match = 1 ]; then
    echo "-- the binary saving match records onto the full disk:"
    head -c 100000000 /dev/zero > "$full/filler" 2>/dev/null
    "$bin" match linage --a random --b random --games 3 --out "$full/games" 2>&1 | tail -3
    ls -A "$full/games" 2>/dev/null | head
fi
umount "$full" "$ro"; rmdir "$full" "$ro"
exit $status
