#!/usr/bin/env bash
# Checks the MCP server with the official MCP Inspector in CLI mode (fetched from npm by npx):
# lists the tools, then calls each one on the bundled example repository and fails if any call
# errors. Inspector 0.17.2 is the newest that runs on Node 20 (later ones want Node 22).
#   bash scripts/inspector-check.sh [REPO]
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="${1:-examples/llm-router}"
INSPECTOR=(npx -y @modelcontextprotocol/inspector@0.17.2 --cli node dist/cli/main.js mcp --repo "$REPO")
[ -f dist/cli/main.js ] || npm run build

check() { # name, then --tool-arg key=value ...
  local name="$1"; shift
  local out
  out="$("${INSPECTOR[@]}" --method tools/call --tool-name "$name" "$@" 2>/dev/null)"
  node -e '
    const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const text = (r.content ?? []).map((c) => c.text).join(" ").replace(/\s+/g, " ");
    if (r.isError || !r.structuredContent) { console.error(`FAIL ${process.argv[1]}: ${text}`); process.exit(1); }
    console.log(`ok   ${process.argv[1].padEnd(17)} ${text.slice(0, 90)}`);
  ' "$name" <<<"$out"
}

tools="$("${INSPECTOR[@]}" --method tools/list 2>/dev/null | node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8")).tools.map((t) => t.name).join(" "))')"
echo "tools/list: $tools"
check get_context
check get_repo_summary
check index_status
check search --tool-arg query="route a conversation"
check symbol_lookup --tool-arg name=LLMKind
check validate_symbol --tool-arg symbol=createClient
check call_graph --tool-arg symbol=createClient
check find_duplicates
check scout --tool-arg query='what breaks if I add a variant to `LLMKind`?'
echo "inspector check passed"
