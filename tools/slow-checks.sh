#!/usr/bin/env bash
# The slow checks: every #[ignore]d integration test, in a release build, one at a time
# (fuzzing, the server's floods and loads, every shipped puzzle re-solved, kills during saves),
# the random session soak (a unit test: it drives the interface's session loop, which is not
# public), then the two save cases that need file systems of their own (a full disk, a read-only
# directory), which mount two small tmpfs and so need root. Exit status 1 if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
echo "== the #[ignore]d integration tests"
cargo test --release --test '*' -- --ignored --nocapture --test-threads 1 \
    --skip full_disk --skip read_only_directory --skip save_loop_child || status=1

echo "== the random session soak (its seed is printed; TESSERA_SOAK_SEED=N replays it)"
cargo test --release --lib -- --ignored --nocapture --exact tui::tests::soak_random::random_session_soak \
    || status=1

echo "== a full disk and a read-only directory"
tools/save-faults-mounted.sh --release || status=1
exit $status
