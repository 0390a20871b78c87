#!/usr/bin/env bash
# Installs what the editor suites need, from Debian and npm only, skipping what
# is already there: Chromium (drives code-server's UI), Neovim (the standalone
# server test), ripgrep and a C++ toolchain (code-server's native modules), then
# code-server itself into ~/.cache/auspex-e2e (reused by later runs).
set -euo pipefail
cd "$(dirname "$0")/../.."

t0=$(date +%s)
packages=(chromium neovim ripgrep libkrb5-dev g++ make python3 fonts-dejavu-core)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "setup: missing Debian packages ${missing[*]} (run as root, or install them)" >&2
    exit 2
  fi
  echo "setup: apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
t1=$(date +%s)
echo "setup: Debian packages ready in $((t1 - t0))s"

bash scripts/e2e/install-code-server.sh >/dev/null
echo "setup: code-server ready in $(( $(date +%s) - t1 ))s"
