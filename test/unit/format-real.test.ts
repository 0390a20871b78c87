// Format Document on every real list (../shared/lists and ../shared/lists-11e, skipped when absent), through the
// language service with each edition's rules data loaded: every unit, its section, every enhancement and its cost
// survive, and formatting twice changes nothing. A unit its export files under no app section (War Organ's named
// groups, New Recruit's compact exports) goes where its datasheet's keywords put it, never wholesale under
// OTHER DATASHEETS.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { ArmyList, Unit } from '../../server/src/service/domain/parse/ast';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService, type LanguageService } from '../../server/src/service/languageService';
import { datasheetSection, namedAppSection, unitSignature } from '../../server/src/service/features/format';
import { hasShared, requireShared, sharedPath } from '../support/shared';

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
/** The formatted text as the editor gets it (the service's one edit applied), with the service used. */
function format(text: string): { out: string; service: LanguageService } {
  const service = createLanguageService();
  const doc = TextDocument.create(`file:///format-real-${++n}.txt`, 'army-list', 1, text);
  const edition = service.editionOf(doc);
  if (edition === 11 ? hasShared('data', 'bsdata-11e') : hasShared('data', 'wahapedia')) {
    const p = provider(edition);
    p.ensureList(service.parse(doc), edition);
    service.setRules(p.rulesFor(edition), edition);
  }
  const r = service.format(doc);
  assert.ok(!r.refused, `refused: ${r.refused}`);
  return { out: r.edits.length ? TextDocument.applyEdits(doc, r.edits) : text, service };
}

const sig = (u: Unit) => JSON.stringify(unitSignature(u));
const sectionOf = (l: ArmyList, u: Unit) => l.sections.find((s) => s.units.includes(u))?.name.text;
const attached = (l: ArmyList) => new Set((l.attachments ?? []).flatMap((a) => [...a.leaders, ...a.supports, ...(a.bodyguard ? [a.bodyguard] : [])]));

describe('format: every real list keeps its units, sections, enhancements and their costs; idempotent', function () {
  for (const dir of ['lists', 'lists-11e']) {
    it(`../shared/${dir}`, function () {
      requireShared(this, dir);
      const files = fs.readdirSync(sharedPath(dir)).filter((f) => f.endsWith('.txt'));
      assert.ok(files.length >= 10);
      for (const f of files) {
        const text = fs.readFileSync(sharedPath(dir, f), 'utf8');
        const { out, service } = format(text);
        const before = parseArmyList(text);
        const after = parseArmyList(out);
        assert.deepStrictEqual(after.errors, [], f);
        // Units (models, wargear, enhancements with their costs, Warlord).
        assert.deepStrictEqual(after.units.map(sig).sort(), before.units.map(sig).sort(), `${f}: units`);
        const costs = (l: ArmyList) => l.units.flatMap((u) => u.enhancements.map((e) => `${u.name.text}: ${e.name.text} ${e.points ?? '-'}`)).sort();
        assert.deepStrictEqual(costs(after), costs(before), `${f}: enhancements and their costs`);
        // Sections: the app section the export names, else the datasheet's; attached units stay in their block.
        const rules = service.rulesFor(service.editionOf(TextDocument.create('file:///x', 'army-list', 1, text)));
        const want = (u: Unit): string | undefined => {
          const named = u.section ? namedAppSection(u.section) : undefined;
          if (named) return named;
          const sheet = rules.datasheet(u.name.text, before.faction?.text);
          return sheet && (sheet.keywords.length || sheet.epicHero) ? datasheetSection(sheet.keywords, sheet.epicHero) : undefined;
        };
        const inBlock = attached(after);
        const placed = (l: ArmyList, us: Unit[]) => us.map((u) => `${sig(u)} @ ${sectionOf(l, u)}`).sort();
        const expected = before.units.filter((u) => !attached(before).has(u) && want(u)).map((u) => `${sig(u)} @ ${want(u)}`).sort();
        const got = placed(after, after.units.filter((u) => !inBlock.has(u))).filter((x) => expected.some((e) => e.split(' @ ')[0] === x.split(' @ ')[0]));
        assert.deepStrictEqual(got, expected, `${f}: sections`);
        // Idempotent.
        assert.strictEqual(format(out).out, out, `${f}: formatting twice changes nothing`);
      }
    });
  }

  it("War Organ's enhancement costs and its CHARACTER / BATTLELINE units in named groups (the issue's example)", function () {
    requireShared(this, 'lists-11e', 'warorgan11_worldeaters_2.txt');
    requireShared(this, 'data', 'bsdata-11e');
    const { out } = format(fs.readFileSync(sharedPath('lists-11e', 'warorgan11_worldeaters_2.txt'), 'utf8'));
    assert.match(out, /• Enhancements: Berzerker Glaive \(\+35 pts\)/);
    assert.match(out, /• Enhancements: Battle-Lust \(\+20 pts\)/);
    const l = parseArmyList(out);
    const where = (name: string) => [...new Set(l.units.filter((u) => u.name.text === name).map((u) => sectionOf(l, u)))];
    assert.deepStrictEqual(where('Khârn The Betrayer'), ['CHARACTERS']);
    assert.deepStrictEqual(where('Khorne Berzerkers'), ['BATTLELINE']);
    assert.deepStrictEqual(where('Chaos Rhino'), ['DEDICATED TRANSPORTS']);
    assert.deepStrictEqual(where('Maulerfiend'), ['OTHER DATASHEETS']);
  });
});
