#!/usr/bin/env bash
# The labeled real-code score (../shared/realcode/score.mjs) with this project's own judgments
# added: docs/real-code-labels.tsv holds the rows for reports the shared labels did not cover yet
# (same columns, source tag per session). The shared set stays untouched: the scorer runs from a
# temporary copy whose labels.tsv is the shared one plus ours. Arguments go to score.mjs.
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
shared="${UNBLOCK_REALCODE:-$here/../shared/realcode}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$shared/score.mjs" "$shared/corpora.tsv" "$work/"
ln -s "$(cd "$shared/corpora" && pwd)" "$work/corpora"
{ cat "$shared/labels.tsv"; tail -n +2 "$here/docs/real-code-labels.tsv"; } > "$work/labels.tsv"
cd "$here"
node "$work/score.mjs" "$@"
