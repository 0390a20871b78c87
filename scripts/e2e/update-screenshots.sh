#!/usr/bin/env bash
# Copies the README's screenshots from the last e2e run (test-artifacts/e2e/)
# into docs/screenshots/. Run `npm run test:e2e` first.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p docs/screenshots
for step in first-minutes-no-data hover-unit completion quick-fix-menu damage-webview definition-khorne-berzerkers opponent-lens matchup; do
  src=$(ls test-artifacts/e2e/*-"$step".png 2>/dev/null | tail -1)
  [ -n "$src" ] || { echo "no $step screenshot: run npm run test:e2e first" >&2; exit 1; }
  cp "$src" "docs/screenshots/$step.png"
  echo "docs/screenshots/$step.png <- $src"
done
# Writing a list from nothing (the typing step): saved under their own names.
for step in write11-1-faction write11-2-unit write11-3-done; do
  [ -f "test-artifacts/e2e/$step.png" ] || { echo "no $step screenshot: run npm run test:e2e first" >&2; exit 1; }
  cp "test-artifacts/e2e/$step.png" "docs/screenshots/$step.png"
  echo "docs/screenshots/$step.png <- test-artifacts/e2e/$step.png"
done
# The auspex report page (test/e2e/report.e2e.ts).
[ -f test-artifacts/e2e/report-page.png ] || { echo "no report-page screenshot: run npm run test:e2e first" >&2; exit 1; }
cp test-artifacts/e2e/report-page.png docs/screenshots/report.png
echo "docs/screenshots/report.png <- test-artifacts/e2e/report-page.png"
