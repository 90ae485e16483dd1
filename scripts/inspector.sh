#!/usr/bin/env bash
# inspector.sh checks reckon's MCP server with a third-party client, the
# MCP Inspector's command-line mode, installed from npm into a temporary
# folder that is removed on exit.
#
# Usage: scripts/inspector.sh SERVER_COMMAND [ARG...]
#
#   scripts/inspector.sh go run ./cmd/reckon mcp
#   scripts/inspector.sh ./server -key desk.key
#
# Give the server no -source: with documents registered, calculate grounds
# every input read from text in one of them, and costco.json names none.
#
# It checks, and exits non-zero on the first failure:
#
#   1. tools/list succeeds and lists calculate, with whatever other tools the
#      server's flags offer (all six with -tools all);
#   2. every input and output schema compiles under Ajv in strict mode (the
#      Inspector has no --strict flag of its own; Ajv is the validator its
#      MCP client uses, there with strict mode off);
#   3. tools/call of calculate with receipt/testdata/requests/costco.json
#      returns "value": "1.344"; the client validates the structured answer
#      against the tool's output schema before printing it;
#   4. the same request with a display sent as a JSON number is refused
#      with bad_request and isError, not rounded.
#
# Needs node and npm (node 18 or later). INSPECTOR_VERSION picks the
# Inspector version (default 0.15.0).
set -euo pipefail

if [ "$#" -eq 0 ]; then
	sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
	exit 2
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
request="$root/receipt/testdata/requests/costco.json"
version="${INSPECTOR_VERSION:-0.15.0}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

say() { printf '%s\n' "$*" >&2; }
fail() { say "FAIL: $*"; exit 1; }

say "installing @modelcontextprotocol/inspector@$version"
npm install --silent --no-audit --no-fund --prefix "$tmp" "@modelcontextprotocol/inspector@$version" >&2

inspect() { npx --prefix "$tmp" mcp-inspector --cli "$@"; }

# 1. tools/list
inspect "$@" --method tools/list >"$tmp/list.json" || fail "tools/list exited $?"
say "tools/list: ok"

# 2. Ajv strict mode over every schema, and the tool names.
NODE_PATH="$tmp/node_modules" node - "$tmp" "$tmp/list.json" <<'JS' || fail "schema check"
const path = require("path");
const { createRequire } = require("module");
const [tmp, listFile] = process.argv.slice(2);
// The Ajv the MCP SDK itself uses, not whatever npm hoisted.
const sdkRequire = createRequire(path.join(tmp, "node_modules/@modelcontextprotocol/sdk/package.json"));
const Ajv = sdkRequire("ajv").default;
const { tools } = JSON.parse(require("fs").readFileSync(listFile, "utf8"));
const names = tools.map((t) => t.name).sort().join(",");
const want = ["calculate"];
for (const n of want) {
  if (!names.split(",").includes(n)) { console.error(`tool ${n} is missing from ${names}`); process.exit(1); }
}
let bad = 0;
for (const t of tools) {
  for (const side of ["inputSchema", "outputSchema"]) {
    const ajv = new Ajv({ strict: true, strictRequired: true, allErrors: true });
    try { ajv.compile(t[side]); }
    catch (e) { console.error(`${t.name} ${side}: ${e.message}`); bad++; }
  }
}
console.error(`ajv strict: ${tools.length * 2 - bad}/${tools.length * 2} schemas compile (tools: ${names})`);
process.exit(bad ? 1 : 0);
JS

# 3. tools/call calculate. The Inspector takes arguments as key=value
# pairs and parses the value as JSON when the schema says object or array.
# toolargs MODE fills the array args from the Costco request; with MODE
# "number", the first display becomes a JSON number.
toolargs() {
	args=()
	while IFS= read -r -d '' pair; do args+=(--tool-arg "$pair"); done < <(node -e '
const req = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
for (const [k, v] of Object.entries(req)) {
  let s = typeof v === "string" ? v : JSON.stringify(v);
  if (process.argv[2] === "number" && k === "inputs") s = s.replace(/"display":"799"/, "\"display\":12345678901234567890.123");
  process.stdout.write(`${k}=${s}\0`);
}' "$request" "$1")
}
toolargs strings
inspect "$@" --method tools/call --tool-name calculate "${args[@]}" >"$tmp/call.json" || fail "tools/call calculate exited $?"
node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const v = r.structuredContent && r.structuredContent.result && r.structuredContent.result.value;
if (r.isError || v !== "1.344") { console.error(JSON.stringify(r, null, 2)); process.exit(1); }
console.error(`tools/call calculate: "value": "${v}", display ${r.structuredContent.result.display}, expanded ${r.structuredContent.expanded}`);
' "$tmp/call.json" || fail 'calculate did not return "value": "1.344"'

# 4. A JSON number where the printed string belongs.
toolargs number
inspect "$@" --method tools/call --tool-name calculate "${args[@]}" >"$tmp/refused.json" || fail "tools/call (refusal) exited $?"
node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const e = r.structuredContent && r.structuredContent.error;
if (!r.isError || !e || e.code !== "bad_request") { console.error(JSON.stringify(r, null, 2)); process.exit(1); }
console.error(`tools/call calculate, display as a JSON number: isError, ${e.code}: ${e.message}; hint: ${e.hint}`);
' "$tmp/refused.json" || fail "a JSON number was not refused with bad_request"

say "ok"
