// Fixtures with a caret: a list whose text holds one "⸱" (where the cursor
// stands) under "# key: value" header lines that state the expectations.
// Shared by the completion and hover fixture runners.
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { mergeRules } from '../../server/src/service/domain/rules/merge';
import type { RulesData } from '../../server/src/service/domain/rules/model';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { hasShared, repoRoot, sharedPath } from './shared';

export const CARET = '⸱';

export interface CaretFixture {
  name: string;
  /** Expectation lines: key → values in order (a key may repeat). */
  expect: Map<string, string[]>;
  data: 'embedded' | 'wahapedia' | 'bsdata';
  doc: TextDocument;
  offset: number;
}

export function readCaretFixtures(dir: string): CaretFixture[] {
  const folder = path.join(repoRoot, 'test', 'fixtures', dir);
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.army'))
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(folder, f), 'utf8');
      const lines = raw.split('\n');
      const expect = new Map<string, string[]>();
      let i = 0;
      for (; i < lines.length; i++) {
        const m = /^# ([a-z-]+): (.*)$/.exec(lines[i]);
        if (!m) break;
        expect.set(m[1], [...(expect.get(m[1]) ?? []), m[2]]);
      }
      const body = lines.slice(i).join('\n');
      const offset = body.indexOf(CARET);
      if (offset < 0 || body.indexOf(CARET, offset + 1) >= 0) throw new Error(`${f}: exactly one ${CARET} caret expected`);
      const text = body.slice(0, offset) + body.slice(offset + CARET.length);
      const data = (expect.get('data')?.[0] ?? 'embedded') as CaretFixture['data'];
      return { name: f, expect, data, doc: TextDocument.create(`file:///${dir}/${f}`, 'army-list', 1, text), offset };
    });
}

const cache = new Map<string, RulesData>();

/** The embedded data, or Genestealer Cults from a ../shared data folder merged over it (undefined when absent). */
export function rulesFor(kind: CaretFixture['data']): RulesData | undefined {
  if (kind === 'embedded') return loadEmbeddedRules();
  if (!hasShared('data', kind)) return undefined;
  let data = cache.get(kind);
  if (!data) {
    const folder = openDataFolder(sharedPath('data', kind)).loadFaction('Genestealer Cults').data;
    data = mergeRules([{ data: folder, precedence: 1 }, { data: loadEmbeddedRules(), precedence: 2 }]).data;
    cache.set(kind, data);
  }
  return data;
}

export const list = (v: string | undefined) => (v ?? '').split(/\s*;\s*/).filter(Boolean);
