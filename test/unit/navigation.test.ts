// Navigation on fixture lists: go to definition into the `auspex:` documents
// (and their Markdown, with the seed's numbers), find references across two
// open lists, and workspace symbols.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Location } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';
import { parseVirtualUri, weaponUri } from '../../server/src/service/features/virtualDocs';
import { repoRoot } from '../support/shared';

function fixture(rel: string): TextDocument {
  const file = path.join(repoRoot, 'test', 'fixtures', rel);
  return TextDocument.create(`file://${file}`, 'army-list', 1, fs.readFileSync(file, 'utf8'));
}

/** The position `delta` characters into the `nth` (1-based) occurrence of `needle`. */
function caret(doc: TextDocument, needle: string, delta = 0, nth = 1) {
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = doc.getText().indexOf(needle, at + 1);
    assert.ok(at >= 0, `occurrence ${i + 1} of "${needle}" is in the fixture`);
  }
  return doc.positionAt(at + delta);
}

const where = (locs: Location[]) => locs.map((l) => `${path.basename(l.uri)}:${l.range.start.line}:${l.range.start.character}-${l.range.end.character}`);

describe('go to definition and the auspex: documents', () => {
  const service = createLanguageService();
  const raid = fixture('navigation/raid.army');

  it('opens the datasheet page from a unit name and from a model name', () => {
    const fromUnit = service.definition(raid, caret(raid, 'Atalan Jackals\n', 3));
    assert.deepStrictEqual(fromUnit, {
      uri: 'auspex:/10/datasheet/claw-of-ascension-atalan-jackals/Atalan%20Jackals.md',
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    });
    assert.strictEqual(service.definition(raid, caret(raid, 'Atalan Wolfquad', 5))?.uri, fromUnit!.uri);
    const md = service.virtualDocument(fromUnit!.uri);
    assert.ok(md);
    assert.match(md, /^### Atalan Jackals\n/);
    // The seed's profiles, weapons and keywords.
    assert.match(md, /\| Atalan Jackal \| 12" \| 4 \| 5\+ \| 2 \| 7\+ \| 1 \|/);
    assert.match(md, /\| Atalan Wolfquad \| 12" \| 4 \| 5\+ \| 4 \| 7\+ \| 1 \|/);
    assert.match(md, /\| Atalan power weapon \| Melee \| 2 \| 4\+ \| 4 \| -2 \| 1 \|/);
    assert.match(md, /MOUNTED, GREAT DEVOURER, ATALAN JACKALS/);
    // The page, unlike the hover, explains the core abilities from the rules.
    assert.match(md, /#### Abilities\n\n\*\*Scouts 9":\*\* Some units have ‘Scouts x"’/);
    assert.match(md, /\*\*Stealth:\*\* If every model in a unit has this ability/);
  });

  it('opens a weapon page named by datasheet id and weapon', () => {
    const loc = service.definition(raid, caret(raid, 'Mining laser', 4));
    assert.strictEqual(loc?.uri, 'auspex:/10/weapon/claw-of-ascension-atalan-jackals/Mining%20laser.md');
    const md = service.virtualDocument(loc.uri);
    assert.ok(md);
    assert.match(md, /^### Mining laser\n/);
    assert.match(md, /\| Mining laser \| 24" \| 1 \| 4\+ \| 12 \| -3 \| D6\+1 \|/);
    assert.doesNotMatch(md, /Atalan power weapon/, 'only that weapon');
  });

  it('opens a planned stratagem\'s page and jumps from a target to the unit it names', () => {
    const loc = service.definition(raid, caret(raid, 'Swarm the Oppressors', 2));
    assert.strictEqual(loc?.uri, 'auspex:/10/stratagem/claw-of-ascension-swarm-the-oppressors/SWARM%20THE%20OPPRESSORS.md');
    const md = service.virtualDocument(loc.uri)!;
    assert.match(md, /^### SWARM THE OPPRESSORS — 1CP\n/);
    assert.match(md, /\*\*WHEN:\*\* Start of your Charge phase\./);
    assert.match(md, /add 1 to the Charge roll/);
    assert.match(service.virtualDocument(service.definition(raid, caret(raid, 'Counter-offensive', 1))!.uri)!, /^### COUNTER-OFFENSIVE — 2CP/);

    // "Atalan Jackals #2" is the second unit of that name; without "#N" the first.
    const second = service.definition(raid, caret(raid, 'Atalan Jackals #2', 4));
    assert.deepStrictEqual(second, { uri: raid.uri, range: { start: caret(raid, 'Atalan Jackals\n', 0, 2), end: caret(raid, 'Atalan Jackals\n', 14, 2) } });
    const first = service.definition(raid, caret(raid, 'Shooting): Atalan Jackals', 14));
    assert.deepStrictEqual(first?.range.start, caret(raid, 'Atalan Jackals\n'));
  });

  it('opens a rule page from a rule word or a bracketed weapon ability on a line', () => {
    const stealth = service.definition(raid, caret(raid, 'Stealth', 3));
    assert.strictEqual(stealth?.uri, 'auspex:/10/rule/stealth/Stealth.md');
    assert.match(service.virtualDocument(stealth.uri)!, /^### Stealth\n\n.*subtract 1 from that attack’s Hit roll/);
    assert.strictEqual(service.definition(raid, caret(raid, 'Scouts 9"', 2))?.uri, 'auspex:/10/rule/scouts/Scouts.md');
    assert.strictEqual(service.definition(raid, caret(raid, '[PISTOL]', 3))?.uri, 'auspex:/10/rule/pistol/Pistol.md');
  });

  it('answers null where nothing is defined', () => {
    assert.strictEqual(service.definition(raid, caret(raid, 'OTHER DATASHEETS', 2)), null);
    assert.strictEqual(service.definition(raid, { line: 1, character: 0 }), null, 'a blank line');
    const unknown = TextDocument.create('untitled:u', 'army-list', 1, 'Genestealer Cults\nClaw of Ascension\nCombat Patrol\n\nOTHER DATASHEETS\n\nAtalan Jackels\n  • 1x Mining laser\n');
    assert.strictEqual(service.definition(unknown, caret(unknown, 'Jackels')), null, 'a datasheet the data lacks');
    assert.strictEqual(service.definition(unknown, caret(unknown, 'Mining')), null, 'its weapon');
  });

  it('reads URIs however the editor encodes them, and refuses unknown ones', () => {
    const md = service.virtualDocument('auspex:/weapon/claw-of-ascension-atalan-jackals/Mining%20laser.md');
    assert.ok(md);
    assert.strictEqual(service.virtualDocument('auspex:/weapon/claw-of-ascension-atalan-jackals/mining laser.md'), md, 'decoded and case-folded');
    assert.strictEqual(service.virtualDocument('auspex:///weapon/claw-of-ascension-atalan-jackals/Mining%20laser.md'), md, 'empty authority');
    assert.strictEqual(service.virtualDocument('auspex:/10/weapon/claw-of-ascension-atalan-jackals/Mining%20laser.md'), md, 'the edition stated');
    assert.strictEqual(service.virtualDocument('auspex:/11/weapon/claw-of-ascension-atalan-jackals/Mining%20laser.md'), null, 'another edition\'s data');
    assert.strictEqual(service.virtualDocument('auspex:/12/weapon/claw-of-ascension-atalan-jackals/Mining%20laser.md'), null, 'an edition Auspex does not know');
    assert.strictEqual(weaponUri('a/b', "Kraken's claw"), "auspex:/weapon/a%2Fb/Kraken's%20claw.md");
    assert.deepStrictEqual(parseVirtualUri(weaponUri('a/b', "Kraken's claw")), { kind: 'weapon', ids: ['a/b', "Kraken's claw"] });
    assert.deepStrictEqual(parseVirtualUri(weaponUri('a/b', "Kraken's claw", 11)), { edition: 11, kind: 'weapon', ids: ['a/b', "Kraken's claw"] });
    // A title segment after the id is the tab's name only; more segments name nothing.
    assert.strictEqual(service.virtualDocument('auspex:/10/datasheet/claw-of-ascension-atalan-jackals/Whatever.md'), service.virtualDocument('auspex:/datasheet/claw-of-ascension-atalan-jackals.md'));
    assert.strictEqual(service.virtualDocument('auspex:/10/datasheet/claw-of-ascension-atalan-jackals/a/b.md'), null);
    assert.strictEqual(service.virtualDocument('auspex:/datasheet/no-such-sheet.md'), null);
    assert.strictEqual(service.virtualDocument('auspex:/rule/%E0%A4%A.md'), null, 'malformed escape');
    assert.strictEqual(service.virtualDocument('file:///datasheet/claw-of-ascension-atalan-jackals.md'), null);
  });
});

describe('find references across open lists', () => {
  const service = createLanguageService();
  const raid = fixture('navigation/raid.army');
  const second = fixture('navigation/second.army');
  const open = [raid, second];

  it('lists every unit and plan target of a datasheet in both documents', () => {
    const locs = service.references(raid, caret(raid, 'Atalan Jackals\n', 2), open);
    assert.deepStrictEqual(where(locs), [
      'raid.army:8:0-14',
      'raid.army:17:0-14',
      'raid.army:28:32-46',
      'raid.army:29:40-54',
      'raid.army:30:27-41',
      'raid.army:31:29-43',
      'second.army:8:0-14',
      'second.army:19:30-44',
    ]);
    // The same answer from a plan target in the other document.
    assert.deepStrictEqual(service.references(second, caret(second, ': Atalan Jackals', 4), open), locs);
  });

  it('lists a weapon where units of that datasheet carry it', () => {
    assert.deepStrictEqual(where(service.references(second, caret(second, 'Mining laser'), open)), [
      'raid.army:14:10-22',
      'raid.army:23:10-22',
      'second.army:14:10-22',
    ]);
  });

  it('lists a stratagem\'s planned uses and a rule word outside names', () => {
    assert.deepStrictEqual(where(service.references(raid, caret(raid, 'Point-blank Ambush', 6), open)), ['raid.army:29:0-18', 'second.army:19:0-18']);
    assert.deepStrictEqual(where(service.references(raid, caret(raid, 'Stealth'), open)), ['raid.army:26:2-9', 'second.army:17:2-9']);
    assert.deepStrictEqual(where(service.references(raid, caret(raid, 'PISTOL'), open)), ['raid.army:26:60-66']);
    // "Heavy bolt pistol" and "Plasma pistol" are weapon names, not uses of the Pistol rule.
    const vanguard = fixture('lists/gwapp_a.txt');
    assert.ok(vanguard.getText().includes('Heavy bolt pistol'));
    assert.deepStrictEqual(where(service.references(raid, caret(raid, 'PISTOL'), [...open, vanguard])), ['raid.army:26:60-66']);
  });

  it('searches the asking document even when the open set omits it, and finds nothing on nothing', () => {
    assert.strictEqual(service.references(raid, caret(raid, 'Point-blank Ambush'), []).length, 1);
    assert.deepStrictEqual(service.references(raid, { line: 1, character: 0 }, open), []);
  });
});

describe('workspace symbols', () => {
  const service = createLanguageService();
  const raid = fixture('navigation/raid.army');
  const second = fixture('navigation/second.army');
  const vanguard = fixture('lists/gwapp_a.txt');
  const open = [raid, second, vanguard];

  it('lists every unit of every open list with its place', () => {
    const all = service.workspaceSymbols(open, '');
    assert.strictEqual(all.length, 3 + 7);
    assert.deepStrictEqual(
      all.slice(0, 3).map((s) => [s.name, s.containerName, path.basename(s.location.uri), s.location.range.start.line]),
      [
        ['Atalan Jackals', 'Jackal Raid · OTHER DATASHEETS', 'raid.army', 8],
        ['Atalan Jackals', 'Jackal Raid · OTHER DATASHEETS', 'raid.army', 17],
        ['Atalan Jackals', 'Second Wave · OTHER DATASHEETS', 'second.army', 8],
      ],
    );
  });

  it('filters by normalised substring or subsequence', () => {
    const names = (q: string) => service.workspaceSymbols(open, q).map((s) => s.name);
    assert.deepStrictEqual(names('JACKALS'), ['Atalan Jackals', 'Atalan Jackals', 'Atalan Jackals']);
    assert.deepStrictEqual(names('atjk'), ['Atalan Jackals', 'Atalan Jackals', 'Atalan Jackals']);
    assert.deepStrictEqual(names('cg'), ['Cinder Guard', 'Cinder Guard']);
    assert.deepStrictEqual(names('grey oracle'), ['Grey Oracle']);
    assert.deepStrictEqual(names('wolfquad'), [], 'model names are not units');
  });
});
