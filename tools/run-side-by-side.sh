#!/usr/bin/env bash
# Runs npm scripts side by side (`bash tools/run-side-by-side.sh typecheck lint`)
# and fails when any of them fails, after all have finished. tsc and eslint are
# single-threaded; on CI's two cores they take one core each instead of running
# one after the other (about 30 s of every CI run). Each script's output is
# held and printed whole, in the order given, so logs do not interleave.
set -uo pipefail

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pids=()
for script in "$@"; do
  npm run --silent "$script" >"$logs/$script.log" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!pids[@]}"; do
  script=${*:i+1:1}
  if wait "${pids[$i]}"; then result="ok"; else result="FAILED"; status=1; fi
  echo "== npm run $script: $result"
  cat "$logs/$script.log"
done
exit "$status"
