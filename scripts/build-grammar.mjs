// Generates syntaxes/army-list.tmLanguage.json from its readable source
// syntaxes/army-list.tmLanguage.src.mjs.
//   node scripts/build-grammar.mjs          write the JSON
//   node scripts/build-grammar.mjs --check  exit 1 when the JSON is stale (used by the tests)
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcPath = join(root, 'syntaxes', 'army-list.tmLanguage.src.mjs');
const outPath = join(root, 'syntaxes', 'army-list.tmLanguage.json');

const grammar = (await import(pathToFileURL(srcPath).href)).default;

// Fail early on a regex Oniguruma would reject in the obvious ways JS also rejects
// (unbalanced groups, bad escapes). Oniguruma-only syntax is not used in this grammar.
function checkRegexes(node, where) {
  if (Array.isArray(node)) return node.forEach((n, i) => checkRegexes(n, `${where}[${i}]`));
  if (!node || typeof node !== 'object') return;
  for (const key of ['match', 'begin', 'end']) {
    if (typeof node[key] !== 'string') continue;
    const re = node[key].replace(/\\A/g, '^').replace(/\(\?i\)/g, '');
    try {
      new RegExp(re, 'u');
    } catch (e) {
      throw new Error(`${where}.${key}: ${e.message}`);
    }
  }
  for (const [k, v] of Object.entries(node)) checkRegexes(v, `${where}.${k}`);
}
checkRegexes(grammar, 'grammar');

const json = JSON.stringify(grammar, null, 2) + '\n';
if (process.argv.includes('--check')) {
  const current = existsSync(outPath) ? readFileSync(outPath, 'utf8') : '';
  if (current !== json) {
    console.error('syntaxes/army-list.tmLanguage.json is stale: run `node scripts/build-grammar.mjs`');
    process.exit(1);
  }
  console.log('syntaxes/army-list.tmLanguage.json is up to date');
} else {
  writeFileSync(outPath, json);
  console.log(`wrote ${outPath}`);
}
