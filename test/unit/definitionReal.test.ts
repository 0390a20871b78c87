// Go to definition on the real lists of ../shared with their edition's real data (issue 32): every unit, weapon,
// wargear ability, enhancement, detachment and faction the hover explains opens a page of that same datum, read
// from the list's own edition's data (an 11th-edition datasheet's page used to be looked up in the 10th's and said
// "Nothing in the loaded rules data"), headed as the hover is.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import type { LanguageService } from '../../server/src/service/languageService';
import { parseVirtualUri } from '../../server/src/service/features/virtualDocs';
import type { Span } from '../../server/src/service/domain/parse/ast';
import { requireShared, sharedPath } from '../support/shared';
import { openWithData } from '../support/check11';

const open = openWithData;

/** What stands in a list that the hover may explain, by kind. */
function named(service: LanguageService, doc: TextDocument): { kind: string; text: string; span: Span }[] {
  const list = service.parse(doc);
  const out: { kind: string; text: string; span: Span }[] = [];
  for (const t of [list.faction, ...list.detachments]) if (t) out.push({ kind: t === list.faction ? 'faction' : 'detachment', text: t.text, span: t.span });
  for (const u of list.units) {
    out.push({ kind: 'unit', text: u.name.text, span: u.name.span });
    for (const e of u.enhancements) out.push({ kind: 'enhancement', text: e.name.text, span: e.name.span });
    for (const w of [...u.models.flatMap((g) => g.wargear), ...(u.wargear ?? [])]) out.push({ kind: 'wargear', text: w.name.text, span: w.name.span });
  }
  return out;
}

const heading = (md: string) => md.split('\n')[0].replace(/ — .*$/, '');
const loose = (s: string) => s.replace(/\\/g, '').toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]/g, '').replace(/s$/, '');
/** Whether a hover's heading names the datum written (loosely: plurals, "&", a source's tag after it). */
const namesIt = (head: string, written: string) => loose(head) === loose(written) || loose(head.replace(/\s*\\?\([^()]*\\?\)$/, '')) === loose(written);

describe('go to definition on the real lists of both editions', function () {
  this.timeout(180000);

  for (const [dir, edition] of [['lists-11e', 11], ['lists', 10]] as const) {
    it(`${dir}: what the hover explains, definition opens as a page of the ${edition}th edition's data, headed alike`, function () {
      requireShared(this, dir);
      requireShared(this, 'data', edition === 11 ? 'bsdata-11e' : 'wahapedia');
      const opened = new Map<string, number>();
      const missing: string[] = [];
      for (const file of fs.readdirSync(sharedPath(dir)).filter((f) => f.endsWith('.txt'))) {
        const { service, doc } = open(fs.readFileSync(sharedPath(dir, file), 'utf8'));
        if (service.editionOf(doc) !== edition) continue;
        for (const n of named(service, doc)) {
          const pos = doc.positionAt(n.span.start + 1);
          const h = service.hover(doc, pos);
          const hovered = h ? (h.contents as MarkupContent).value : '';
          // Only what the hover explains as that datum (its heading names it): not a rule or keyword a word of a
          // name happens to be ("Heavy" in "Heavy bolter", BATTLESUIT in "Battlesuit Support System").
          if (!namesIt(heading(hovered).replace(/^### /, ''), n.text)) continue;
          const loc = service.definition(doc, pos);
          const where = `${file}:${doc.positionAt(n.span.start).line + 1} ${n.kind} "${n.text}"`;
          if (!loc) {
            missing.push(`${where}: no definition`);
            continue;
          }
          const page = service.virtualDocument(loc.uri);
          if (!page) {
            missing.push(`${where}: ${loc.uri} has no page`);
            continue;
          }
          assert.strictEqual(parseVirtualUri(loc.uri)?.edition, edition, `${where}: ${loc.uri}`);
          assert.ok(namesIt(heading(page).replace(/^### /, ''), heading(hovered).replace(/^### /, '')), `${where}: the page (${heading(page)}) and the hover (${heading(hovered)}) name one datum`);
          const kind = parseVirtualUri(loc.uri)!.kind;
          opened.set(kind, (opened.get(kind) ?? 0) + 1);
        }
      }
      assert.deepStrictEqual(missing, []);
      // A unit, a weapon, an enhancement and a detachment at least, on real lists.
      for (const kind of ['datasheet', 'weapon', 'enhancement', 'detachment']) assert.ok((opened.get(kind) ?? 0) > 0, `${kind}: ${JSON.stringify([...opened])}`);
    });
  }

  it('an 11th-edition detachment\'s page holds its rule and its enhancements whole', function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_1.txt');
    requireShared(this, 'data', 'bsdata-11e');
    const text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_1.txt'), 'utf8');
    const { service, doc } = open(text);
    const loc = service.definition(doc, doc.positionAt(text.indexOf('Berzerker Warband') + 3))!;
    assert.match(loc.uri, /^auspex:\/11\/detachment\/[^/]+\/Berzerker%20Warband\.md$/);
    const page = service.virtualDocument(loc.uri)!;
    assert.match(page, /^### Berzerker Warband\n/);
    assert.match(page, /\n#### Enhancements\n\n##### [^\n]+\n[^]*\n##### Battle-lust — 20 pts\n/);
    // Its rule whole (the 11th-edition data of 2026 holds no stratagems: none to list).
    assert.match(page, /^### Berzerker Warband\n\n\*World Eaters Detachment\*\n\n\*\*3 Detachment Points[^\n]*\n\n\*\*[^*\n]+:\*\* \S/);
  });

  it('War Organ\'s "lacerator & daemonic claw" and New Recruit\'s "Icon of Khorne" open the weapon and the wargear\'s ability', function () {
    requireShared(this, 'lists-11e', 'warorgan11_worldeaters_2.txt');
    requireShared(this, 'data', 'bsdata-11e');
    const text = fs.readFileSync(sharedPath('lists-11e', 'warorgan11_worldeaters_2.txt'), 'utf8');
    const { service, doc } = open(text);
    const page = (needle: string) => {
      const loc = service.definition(doc, doc.positionAt(text.indexOf(needle) + 2));
      assert.ok(loc, needle);
      return { uri: loc.uri, page: service.virtualDocument(loc.uri) ?? '' };
    };
    const claw = page('lacerator & daemonic claw');
    assert.match(claw.uri, /^auspex:\/11\/weapon\/[^/]+\/Lacerator%20and%20daemonic%20claw\.md$/i);
    assert.match(claw.page, /^### Lacerator and daemonic claw\n/i);
    const icon = page('Icon of khorne');
    assert.match(icon.uri, /^auspex:\/11\/ability\//);
    assert.match(icon.page, /^### Icon of Khorne\n\n\*Wargear ability of /i);
  });
});
