// Format Document proven safe (issue 32) on every real list (../shared/lists and ../shared/lists-11e, skipped when
// absent) and the project's examples, both editions, through the language service with each edition's rules data
// loaded: the list is written in its own exporter's layout (the app's for formats Auspex does not write); the
// parsed list (units, models, wargear, enhancements, points, detachments, battle size, Detachment Points,
// attachments, comments, plan, OPPONENT) is the same before and after, the findings are the same, and formatting
// twice gives the same text. A real export comes back unchanged. A unit its export files under no app section goes
// where its datasheet's keywords put it.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { ArmyList, Unit } from '../../server/src/service/domain/parse/ast';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService, type LanguageService } from '../../server/src/service/languageService';
import { datasheetSection, namedAppSection } from '../../server/src/service/features/format';
import { hasShared, repoRoot, requireShared, sharedPath } from '../support/shared';
import { armyFacts } from '../support/armyFacts';

const providers = new Map<number, RulesProvider>();
function provider(edition: number): RulesProvider {
  let p = providers.get(edition);
  if (!p) {
    const paths = edition === 11 ? [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] : [sharedPath('data', 'wahapedia')];
    providers.set(edition, (p = new RulesProvider({ paths })));
  }
  return p;
}

let n = 0;
function serviceFor(text: string): { service: LanguageService; doc: TextDocument } {
  const service = createLanguageService();
  const doc = TextDocument.create(`file:///format-real-${++n}.txt`, 'army-list', 1, text);
  const edition = service.editionOf(doc);
  if (edition === 11 ? hasShared('data', 'bsdata-11e') : hasShared('data', 'wahapedia')) {
    const p = provider(edition);
    p.ensureList(service.parse(doc), edition);
    service.setRules(p.rulesFor(edition), edition);
  }
  return { service, doc };
}

/** The formatted text as the editor gets it (the service's one edit applied), or the reason it was refused. */
function format(text: string): { out: string; refused?: string; service: LanguageService } {
  const { service, doc } = serviceFor(text);
  const r = service.format(doc);
  return { out: r.edits.length ? TextDocument.applyEdits(doc, r.edits) : text, refused: r.refused, service };
}

/** The findings of a text, without their positions (the formatted text moves lines). */
function findings(text: string): string[] {
  const { service, doc } = serviceFor(text);
  return service
    .diagnostics(doc)
    .map((d) => `${d.severity} ${d.code} ${d.message.replace(/\bline \d+\b/g, 'line N')}`)
    .sort();
}

const sectionOf = (l: ArmyList, u: Unit) => l.sections.find((s) => s.units.includes(u))?.name.text;

/** Real lists whose copy carries what no exporter writes: Format Document normalises that, and only that. */
const ARTEFACTS: Record<string, RegExp> = {
  'gwapp_thousandsons_2.txt': /every indentation stripped/,
  'gwapp11_darkangels_1.txt': /a lone "\." line/,
};

function lists(): Array<{ dir: string; file: string; text: string }> {
  const out: Array<{ dir: string; file: string; text: string }> = [];
  for (const dir of ['lists', 'lists-11e']) if (hasShared(dir)) for (const file of fs.readdirSync(sharedPath(dir)).filter((f) => f.endsWith('.txt')).sort()) out.push({ dir, file, text: fs.readFileSync(sharedPath(dir, file), 'utf8') });
  for (const file of fs.readdirSync(path.join(repoRoot, 'examples')).filter((f) => /\.(army|txt)$/.test(f))) out.push({ dir: 'examples', file, text: fs.readFileSync(path.join(repoRoot, 'examples', file), 'utf8') });
  return out;
}

describe('format (issue 32): Format Document is proven safe on every real list and example, both editions', function () {
  this.timeout(600000);
  before(function () {
    requireShared(this, 'lists');
  });

  it('each list: refused and left as written, or the same list, the same findings, and formatting twice changes nothing', function () {
    const all = lists();
    assert.ok(all.length >= 25, `${all.length} lists`);
    const outcome: string[] = [];
    for (const { dir, file, text } of all) {
      const { out, refused } = format(text);
      const before = parseArmyList(text);
      if (refused || out === text) {
        outcome.push(`${dir}/${file}: ${refused ? `refused (${refused})` : 'unchanged'}`);
        // A list with parse errors is the only one refused among the examples (mistakes.army shows them).
        if (refused) assert.ok(before.errors.length > 0 || /cannot hold/.test(refused), `${file}: ${refused}`);
        continue;
      }
      outcome.push(`${dir}/${file}: formatted`);
      const after = parseArmyList(out);
      assert.deepStrictEqual(after.errors, [], file);
      const eleventh = before.editionShown === 11;
      assert.strictEqual(after.editionShown, before.editionShown, `${file}: edition`);
      assert.deepStrictEqual(armyFacts(after, { eleventh, text: out }), armyFacts(before, { eleventh, text }), `${file}: what the list says`);
      assert.deepStrictEqual(findings(out), findings(text), `${file}: findings`);
      assert.strictEqual(format(out).out, out, `${file}: formatting twice changes nothing`);
    }
    // Every real export comes back unchanged but those whose copy carries an artefact; those are formatted.
    for (const line of outcome.filter((l) => /^lists/.test(l))) {
      const file = line.split(':')[0].split('/')[1];
      const { text } = all.find((x) => x.file === file)!;
      const p = parseArmyList(text);
      const writable = ['gwapp', 'gwapp2', 'nrgw', 'wtc', 'wtccompact', 'warorgan'].includes(p.format);
      if (writable) assert.strictEqual(line.endsWith(': unchanged'), !ARTEFACTS[file], line);
    }
    console.log(`      ${outcome.filter((l) => l.endsWith('formatted')).length} formatted, ${outcome.filter((l) => l.endsWith('unchanged')).length} unchanged, ${outcome.filter((l) => /refused/.test(l)).length} refused`);
  });

  it('New Recruit World Eaters: no fact changed (its SECONDARY line, its faction path, no invented title); the Grey Knights flattened paste gets no invented title', function () {
    requireShared(this, 'lists-11e', 'nrgw11_worldeaters_2.txt');
    const text = fs.readFileSync(sharedPath('lists-11e', 'nrgw11_worldeaters_2.txt'), 'utf8');
    // A real export in its own layout: nothing to change.
    assert.strictEqual(format(text).out, text);
    // The same list damaged in layout only (blank lines lost, bullets re-indented): formatted back to the export.
    const messy = text.replace(/\n\n/g, '\n\n\n').replace(/^• /gm, '  • ');
    const { out, refused } = format(messy);
    assert.strictEqual(refused, undefined);
    assert.strictEqual(out, text);
    assert.ok(out.includes('+ SECONDARY: - Bring It Down: (5x2) - Assassination: 4 Characters'));
    assert.ok(out.includes('+ FACTION KEYWORD: Chaos - World Eaters'));
    // The app's flattened paste of a title-less list (as in Tulun/wh40k-lists' Grey Knights sample): formatting
    // writes no title it would have to invent, so the total the units add up to is not stated either.
    const flat = 'Grey Knights\nStrike Force (2000 Points)\nTeleport Strike Force\n\nCHARACTERS\n\nBrotherhood Librarian115 Points\n• 1x Nemesis force weapon\n\nOTHER DATASHEETS\n\nPaladin Squad485 Points\n• 5x Paladin\n◦ 5x Nemesis force weapon\n';
    const f = format(flat);
    assert.doesNotMatch(f.out, /Grey Knights \(\d+ Points\)/);
    const l = parseArmyList(f.out);
    assert.strictEqual(l.title, undefined);
    assert.strictEqual(l.statedPoints, undefined);
  });

  it("War Organ's enhancement costs and its named groups stay as War Organ writes them; formatting the app layout puts a unit under no app section where its datasheet does", function () {
    requireShared(this, 'lists-11e', 'warorgan11_worldeaters_2.txt');
    requireShared(this, 'data', 'bsdata-11e');
    const text = fs.readFileSync(sharedPath('lists-11e', 'warorgan11_worldeaters_2.txt'), 'utf8');
    assert.strictEqual(format(text).out, text);
    // A BattleScribe-style list in the app layout: New Recruit's simple export files units under "Infantry", "Vehicle".
    requireShared(this, 'lists', 'nrsimple_worldeaters_1.txt');
    const simple = fs.readFileSync(sharedPath('lists', 'nrsimple_worldeaters_1.txt'), 'utf8');
    const { out, service } = format(simple);
    const l = parseArmyList(out);
    const rules = service.rulesFor(10);
    for (const u of l.units) {
      const sheet = rules.datasheet(u.name.text, l.faction?.text);
      if (!sheet || !(sheet.keywords.length || sheet.epicHero)) continue;
      const orig = parseArmyList(simple).units.find((x) => x.name.text === u.name.text)!;
      const want = (orig.section && namedAppSection(orig.section)) ?? datasheetSection(sheet.keywords, sheet.epicHero);
      assert.strictEqual(sectionOf(l, u), want, u.name.text);
    }
  });
});
