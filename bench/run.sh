#!/usr/bin/env bash
# One command for every benchmark: bash bench/run.sh [--quick]
# Installs wrk, nginx (with brotli_static) and curl from Debian if missing, builds the binary, generates
# and imports the datasets, measures, writes bench/RESULTS.md (--quick: bench/out/RESULTS-quick.md) and
# prints every target with its same-run reference and a verdict. Every load goes to 127.0.0.1 only, and
# every part is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--quick" ]; then
  export BENCH_QUICK=1 BENCH_SIZES=1000,10000,100000 BENCH_WRK_SECONDS=2 BENCH_REPEATS=1 BENCH_HUB_SUBSCRIBERS=1000 \
    BENCH_MCP_CALLS=200 BENCH_SEARCH_ROUNDS=200 BENCH_STARTUP_RUNS=5 BENCH_SINCE_REPEATS=3 BENCH_RESULTS=out/RESULTS-quick.md BENCH_CHANGE_SIZES=10000 BENCH_BURST=5 BENCH_LEASE_SUBSCRIBERS=200
fi

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || missing+=(nginx-light)
[ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || missing+=(libnginx-mod-http-brotli-static)
command -v curl >/dev/null || missing+=(curl)
command -v taskset >/dev/null || missing+=(util-linux)
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi

bun install --frozen-lockfile >/dev/null
bun run build >/dev/null
mkdir -p bench/out
rm -f bench/out/load.json

# A part that hangs must not hang the run: each gets a generous limit.
part() { local limit=$1; shift; echo "== $1"; shift; timeout --kill-after=10 "$limit" "$@"; }
part 1800 "datasets and import"       bun bench/datasets.ts
part 1200 "search latency"            bun bench/search-latency.ts
part 1800 "HTTP vs nginx and bare Bun" bun bench/http.ts
part 900  "large since-listing"       bun bench/since-large.ts
part 600  "cold start and memory"     bun bench/startup.ts
part 600  "MCP"                       bun bench/mcp.ts
part 900  "hub fan-out"               bun bench/hub.ts
part 2400 "data changes while serving" bun bench/data-changes.ts
part 1200 "serve --workers 2 against one process" bun bench/workers.ts
echo "== targets"
bun bench/report.ts
echo "wrote bench/${BENCH_RESULTS:-RESULTS.md}"
