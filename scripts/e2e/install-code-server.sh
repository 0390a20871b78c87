#!/usr/bin/env bash
# Installs code-server (a real VS Code, served to a browser) for the e2e suite,
# from the npm registry only, into a cache that later runs on the same machine
# reuse. Prints the path of the code-server entry point on its last line.
#
# Why by hand: code-server's postinstall refuses to run as root under npm 11 and
# @vscode/ripgrep's postinstall downloads a binary from GitHub. So we install
# with --ignore-scripts and do the postinstall's work here: build the native
# modules from source (node-gyp), give ripgrep Debian's `rg`, and make the
# symlinks postinstall.sh would make.
#
# Needs (Debian): g++ make python3 libkrb5-dev ripgrep. Node 20 (code-server
# 4.100.x is the newest line that runs on Node 20; it is VS Code 1.100).
set -euo pipefail

VERSION="${AUSPEX_CODE_SERVER_VERSION:-4.100.3}"
CACHE="${AUSPEX_E2E_CACHE:-$HOME/.cache/auspex-e2e}"
DEST="$CACHE/code-server-$VERSION"
ENTRY="$DEST/node_modules/code-server/out/node/entry.js"

if [ -f "$DEST/.complete" ] && [ -f "$ENTRY" ]; then
  echo "code-server $VERSION: cached in $DEST" >&2
  echo "$ENTRY"
  exit 0
fi

for tool in g++ make python3 rg; do
  command -v "$tool" >/dev/null || { echo "install-code-server: '$tool' is missing (apt-get install g++ make python3 ripgrep libkrb5-dev)" >&2; exit 2; }
done

start=$(date +%s)
rm -rf "$DEST" "$DEST.tmp"
mkdir -p "$DEST.tmp"
cd "$DEST.tmp"
echo '{"name":"auspex-e2e-code-server","private":true}' > package.json

export npm_config_yes=true            # `npx node-gyp` inside install scripts must not prompt
export JOBS="${JOBS:-max}"          # node-gyp: use every core
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

echo "code-server $VERSION: npm install (scripts off)" >&2
npm install --ignore-scripts --omit=dev --no-package-lock "code-server@$VERSION" >&2

CS="$DEST.tmp/node_modules/code-server"

# argon2 (password hashing; unused with --auth none but loaded at start-up):
# node-pre-gyp would fetch a prebuilt binary from GitHub, so build from source.
echo "code-server: building argon2 from source" >&2
(cd node_modules/argon2 && npx --no-install node-pre-gyp rebuild --build-from-source >&2) \
  || (cd node_modules/argon2 && npx node-gyp rebuild >&2 && mkdir -p lib/binding/napi-v3 && cp build/Release/argon2.node lib/binding/napi-v3/)

# VS Code's own dependencies (native: node-pty, spdlog, kerberos, watcher, ...).
echo "code-server: installing lib/vscode dependencies" >&2
cd "$CS/lib/vscode"
# The shrinkwrap may name a dependency by a git URL; the same package is on
# npm, so point any such entry at the registry tarball.
node - <<'EOF'
const fs = require('fs');
for (const file of ['npm-shrinkwrap.json', 'extensions/npm-shrinkwrap.json']) {
  if (!fs.existsSync(file)) continue;
  const sw = JSON.parse(fs.readFileSync(file, 'utf8'));
  let changed = 0;
  for (const [key, entry] of Object.entries(sw.packages || {})) {
    if (!key || typeof entry.resolved !== 'string' || !/^git|github:|^https:\/\/codeload/.test(entry.resolved)) continue;
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const base = name.includes('/') ? name.split('/')[1] : name;
    entry.resolved = `https://registry.npmjs.org/${name}/-/${base}-${entry.version}.tgz`;
    delete entry.integrity;
    changed++;
    process.stderr.write(`  ${file}: ${name} -> registry tarball ${entry.version}\n`);
  }
  if (changed) fs.writeFileSync(file, JSON.stringify(sw, null, 2));
}
EOF
npm install --ignore-scripts --omit=dev >&2
mkdir -p node_modules/@vscode/ripgrep/bin
ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
echo "code-server: building native modules" >&2
npm rebuild >&2
# What postinstall.sh does after installing.
rm -rf node_modules.asar && ln -s node_modules node_modules.asar
(cd bin/remote-cli && rm -f code-server && ln -s code-linux.sh code-server)
(cd bin/helpers && rm -f browser.sh && ln -s browser-linux.sh browser.sh)
cd extensions
npm install --omit=dev >&2

cd "$CACHE"
mv "$DEST.tmp" "$DEST"
touch "$DEST/.complete"
echo "code-server $VERSION: installed in $(( $(date +%s) - start ))s" >&2
echo "$ENTRY"
