// Test rules data for the list checks: the embedded seed data plus points,
// composition, a few more datasheets, a second detachment and enhancements,
// stated here so that each check has data to judge against.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import type { Datasheet, Enhancement, RulesData, Stratagem } from '../../server/src/service/domain/rules/model';
import { createLanguageService } from '../../server/src/service/languageService';
import { DEFAULT_SETTINGS, Settings } from '../../server/src/service/settings';
import { repoRoot } from '../support/shared';

const SRC = { file: 'test/unit/validate-helpers.ts' };

export function testRules(): RulesData {
  const data = loadEmbeddedRules();
  const jackals = data.datasheets.find((d) => d.name === 'Atalan Jackals')!;
  const sheet = (name: string, over: Partial<Datasheet>): Datasheet => ({
    ...jackals,
    id: `test-${name.toLowerCase().replace(/\W+/g, '-')}`,
    name,
    combatPatrol: undefined,
    leads: [],
    ledBy: [],
    epicHero: false,
    source: SRC,
    ...over,
  });
  const heavyStubber = { name: 'Heavy stubber', profiles: [{ ...jackals.weapons[0].profiles[0], name: 'Heavy stubber' }] };
  const datasheets: Datasheet[] = [
    {
      ...jackals,
      combatPatrol: undefined,
      points: [{ models: 5, points: 85 }, { models: 10, points: 150 }],
      composition: [{ model: 'Atalan Jackal', min: 4, max: 8 }, { model: 'Atalan Wolfquad', min: 1, max: 2 }],
      ledBy: ['Jackal Alphus'],
    },
    sheet('Jackal Alphus', {
      keywords: ['MOUNTED', 'CHARACTER', 'GREAT DEVOURER', 'JACKAL ALPHUS'],
      points: [{ models: 1, points: 65 }],
      composition: [{ model: 'Jackal Alphus', min: 1, max: 1 }],
      leads: ['Atalan Jackals'],
    }),
    sheet('Locus', {
      keywords: ['INFANTRY', 'CHARACTER', 'GREAT DEVOURER', 'LOCUS'],
      points: [{ models: 1, points: 45 }],
      composition: [{ model: 'Locus', min: 1, max: 1 }],
      leads: ['Neophyte Hybrids'],
    }),
    // A made-up EPIC HERO (Genestealer Cults have none in the seed).
    sheet('Grandsire Vorgash', {
      keywords: ['INFANTRY', 'CHARACTER', 'EPIC HERO', 'GREAT DEVOURER', 'GRANDSIRE VORGASH'],
      points: [{ models: 1, points: 100 }],
      composition: [{ model: 'Grandsire Vorgash', min: 1, max: 1 }],
      epicHero: true,
    }),
    sheet('Neophyte Hybrids', {
      keywords: ['INFANTRY', 'BATTLELINE', 'GREAT DEVOURER', 'NEOPHYTE HYBRIDS'],
      points: [{ models: 10, points: 65 }, { models: 20, points: 145 }],
      composition: [{ model: 'Neophyte Leader', min: 1, max: 1 }, { model: 'Neophyte Hybrid', min: 9, max: 19 }],
      ledBy: ['Locus'],
    }),
    sheet('Goliath Truck', {
      keywords: ['VEHICLE', 'TRANSPORT', 'DEDICATED TRANSPORT', 'GREAT DEVOURER', 'GOLIATH TRUCK'],
      points: [{ models: 1, points: 85 }],
      composition: [{ model: 'Goliath Truck', min: 1, max: 1 }],
      weapons: [heavyStubber],
    }),
    sheet('Termagants', { factionKeywords: ['TYRANIDS'], keywords: ['INFANTRY', 'BATTLELINE', 'TERMAGANTS'], points: [{ models: 10, points: 60 }] }),
  ];
  const enh = (name: string, detachment: string, points: number, eligibility?: string): Enhancement => ({
    id: `test-${name}`,
    name,
    detachment,
    faction: 'Genestealer Cults',
    points,
    text: 'Test enhancement.',
    eligibility,
    source: SRC,
  });
  const pointBlank = data.stratagems.find((s) => s.name === 'POINT-BLANK AMBUSH')!;
  const otherStratagem: Stratagem = { ...pointBlank, id: 'test-drive-by', name: 'ROARING DRIVE-BY', detachment: 'Outlander Claw', source: SRC };
  return {
    ...data,
    factions: [...data.factions, { id: 'tyranids', name: 'Tyranids', keyword: 'TYRANIDS', source: SRC }],
    datasheets,
    detachments: [
      ...data.detachments,
      { id: 'test-outlander', name: 'Outlander Claw', faction: 'Genestealer Cults', rules: [], source: SRC },
      { id: 'test-nexus', name: 'Synaptic Nexus', faction: 'Tyranids', rules: [], source: SRC },
    ],
    enhancements: [
      enh('Prowling Agitant', 'Claw of Ascension', 15, 'GENESTEALER CULTS model only'),
      enh('Focus of Adoration', 'Claw of Ascension', 20, 'JACKAL ALPHUS model only'),
      enh('Assassination Edict', 'Claw of Ascension', 10),
      enh('Cult Banner', 'Claw of Ascension', 5, 'LOCUS model only'),
      enh('Serpentine Tactics', 'Outlander Claw', 10),
    ],
    stratagems: [...data.stratagems, otherStratagem],
  };
}

export function fixtureDoc(name: string, text?: string): TextDocument {
  const file = path.join(repoRoot, 'test', 'fixtures', 'validate', name);
  return TextDocument.create(`file://${file}`, 'army-list', 1, text ?? fs.readFileSync(file, 'utf8'));
}

/** The valid fixture with one edit: `replace` swapped for `by` (asserts it is there once). */
export function variant(replace: string, by: string, base = 'valid.army'): TextDocument {
  const text = fixtureDoc(base).getText();
  assert.strictEqual(text.split(replace).length, 2, `"${replace}" occurs once in ${base}`);
  return fixtureDoc(base, text.replace(replace, by));
}

export function check(doc: TextDocument, settings: Partial<Settings> = {}, rules: RulesData = testRules()): Diagnostic[] {
  return createLanguageService({ rules, settings: { ...DEFAULT_SETTINGS, ...settings } }).diagnostics(doc);
}

/** [code, the text the range covers] per diagnostic, for compact assertions. */
export function summary(doc: TextDocument, diags: Diagnostic[]): [string, string][] {
  return diags.map((d) => [String(d.code), doc.getText(d.range)]);
}

export function only(diags: Diagnostic[], code: string): Diagnostic[] {
  return diags.filter((d) => d.code === code);
}

/** Zero-based line of the n-th (1-based) occurrence of `needle`. */
export function lineOf(doc: TextDocument, needle: string, nth = 1): number {
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = doc.getText().indexOf(needle, at + 1);
    assert.ok(at >= 0, `"${needle}" occurs ${nth} times`);
  }
  return doc.positionAt(at).line;
}

/** A finding's payload without the rule every finding carries (`data.rule`): what its check put there. */
export function payloadOf(d: Diagnostic): unknown {
  if (!d.data || typeof d.data !== 'object') return d.data;
  const { rule: _rule, ...rest } = d.data as { rule?: unknown };
  return Object.keys(rest).length ? rest : undefined;
}

/** A finding's message without the rule it ends with ("… not 120. [Munitorum Field Manual v1.1: Eightbound]"). */
export function bareMessage(d: Diagnostic): string {
  const rule = (d.data as { rule?: { source: string; version?: string; section: string } } | undefined)?.rule;
  const end = rule ? ` [${rule.source}${rule.version ? ` ${rule.version}` : ''}: ${rule.section}]` : '';
  return end && d.message.endsWith(end) ? d.message.slice(0, -end.length) : d.message;
}
