#!/usr/bin/env bash
# Render the demo's exploration trace in headless Chromium and save a screenshot, to check the page
# as a person sees it. Needs Debian's chromium: apt-get install -y chromium
#   bash scripts/trace-screenshot.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp/scout-trace.png}"
trace="$(mktemp --suffix .html)"
profile="$(mktemp -d)"
[ -f dist/cli/main.js ] || npm run build
node dist/cli/main.js demo --trace "$trace" > /dev/null
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$profile" \
  --window-size=1400,1100 --screenshot="$out" "file://$trace" 2>/dev/null
grep -q '<svg' "$trace" || { echo "trace has no graph" >&2; exit 1; }
test -s "$out" || { echo "no screenshot written" >&2; exit 1; }
echo "trace: $trace"
echo "screenshot: $out"
