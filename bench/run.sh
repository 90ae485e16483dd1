#!/usr/bin/env bash
# Runs every comparison in bench/ in one go and prints one table; writes it,
# with the machine it ran on, to bench/results.md.
#
#   bench/run.sh               full mode: 7 interleaved rounds, batches of
#                              100,000 and the 1,000,000-request scaling run
#   QUICK=1 bench/run.sh       3 rounds, smaller batches; about 2 minutes;
#                              writes bench/results/quick.md instead
#   MILLION=0 bench/run.sh     full mode without the 1,000,000-request run
#   PROFILE=1 bench/run.sh     also write CPU profiles (pprof -top) of one
#                              calc line, one verify line and one formula
#                              parse to bench/results/
#
# Needs only the Go toolchain and python3 (standard library only).
set -euo pipefail
cd "$(dirname "$0")"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

args=(-work "$work" -python "${PYTHON:-python3}")
if [ -d ../cmd/reckon ]; then
	(cd .. && go build -o "$work/reckon" ./cmd/reckon)
	args+=(-reckon "$work/reckon")
else
	echo "run.sh: no cmd/reckon in this tree; the batch comparisons are skipped" >&2
fi
go build -o "$work/compare" ./cmd/compare

mkdir -p results
if [ "${QUICK:-0}" = 1 ]; then
	args+=(-quick -out results/quick.md)
else
	args+=(-out results.md)
	if [ "${MILLION:-1}" = 1 ]; then
		args+=(-million)
	fi
fi
"$work/compare" "${args[@]}"

if [ "${PROFILE:-0}" = 1 ]; then
	(cd internal/prof && go test -run '^$' -bench . -benchtime 2s -cpuprofile "$work/cpu.prof" . &&
		go tool pprof -top -nodecount 40 "$work/cpu.prof") >results/profile-lines.txt 2>&1
	(cd .. && go test -run '^$' -bench 'BenchmarkParse$' -benchtime 2s -cpuprofile "$work/parse.prof" ./expr/ &&
		go tool pprof -top -nodecount 40 "$work/parse.prof") >results/profile-parse.txt 2>&1
	echo "run.sh: profiles in bench/results/" >&2
fi
