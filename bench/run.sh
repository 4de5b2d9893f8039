#!/usr/bin/env bash
# One command for every benchmark: bash bench/run.sh [--quick]
# Installs wrk and nginx from Debian if missing, builds the binary, generates and imports
# the datasets, measures, and writes bench/RESULTS.md. Every load goes to 127.0.0.1 only, bounded in time.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--quick" ]; then
  export BENCH_SIZES=1000,10000 BENCH_WRK_SECONDS=2 BENCH_REPEATS=1 BENCH_HUB_SUBSCRIBERS=1000 BENCH_MCP_CALLS=200 BENCH_SEARCH_ROUNDS=200 BENCH_STARTUP_RUNS=5
fi

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || missing+=(nginx-light)
command -v openssl >/dev/null || missing+=(openssl)
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi

bun install --frozen-lockfile >/dev/null
bun run build >/dev/null
mkdir -p bench/out

echo "== datasets and import";   bun bench/datasets.ts
echo "== search latency";        bun bench/search-latency.ts
echo "== HTTP vs nginx";         bun bench/http.ts
echo "== cold start and memory"; bun bench/startup.ts
echo "== MCP";                   bun bench/mcp.ts
echo "== hub fan-out";           bun bench/hub.ts
bun bench/report.ts
echo "wrote bench/RESULTS.md"
