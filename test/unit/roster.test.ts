import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { strToU8, zipSync } from 'fflate';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RosterImportError, rosterToList } from '../../server/src/service/features/import/roster';
import { importRosterFile, readRosterBytes, readRosterFile } from '../../server/src/node/roster';
import { formatList } from '../../server/src/service/features/format';
import { run } from '../../server/src/cli/main';
import { repoRoot } from '../support/shared';

const rosters = path.join(repoRoot, 'test', 'fixtures', 'rosters');
// Our own invented rosters, stored as .ros.xml so that no tracked file looks like a copy of community data.
const xmlOf = (name: string) => fs.readFileSync(path.join(rosters, `${name}.xml`), 'utf8');

function parsedUnits(text: string) {
  const l = parseArmyList(text);
  assert.deepStrictEqual(l.errors, [], 'imported text parses with no error');
  return { l, units: l.units.map((u) => ({ name: u.name.text, points: u.points?.value, section: u.section, models: u.models.reduce((a, m) => a + m.count, 0) })) };
}

describe('roster import: BattleScribe .ros → app layout', function () {
  it('World Eaters: battle size, detachment, Warlord, enhancement, sections, model groups, unit-level icon', function () {
    const r = rosterToList(xmlOf('world-eaters-strike-force.ros'));
    assert.deepStrictEqual(r.warnings, []);
    const { l, units } = parsedUnits(r.text);
    assert.strictEqual(l.title?.text, 'Red Harvest');
    assert.strictEqual(l.statedPoints?.value, 680);
    assert.strictEqual(l.faction?.text, 'World Eaters');
    assert.strictEqual(l.superFaction, undefined);
    assert.deepStrictEqual(l.detachments.map((d) => d.text), ['Berzerker Warband']);
    assert.strictEqual(l.battleSize?.name.text, 'Strike Force');
    assert.strictEqual(l.battleSize?.points, 2000);
    assert.deepStrictEqual(units, [
      { name: 'Daemon Prince of Khorne', points: 215, section: 'CHARACTERS', models: 1 },
      { name: 'Khorne Berzerkers', points: 180, section: 'BATTLELINE', models: 10 },
      { name: 'Rhino', points: 75, section: 'DEDICATED TRANSPORTS', models: 1 },
      { name: 'Forgefiend', points: 210, section: 'OTHER DATASHEETS', models: 1 },
    ]);
    const dp = l.units[0];
    assert.ok(dp.warlord, 'Warlord');
    assert.deepStrictEqual(dp.enhancements.map((e) => e.name.text), ['Favoured of Khorne']);
    assert.deepStrictEqual(dp.models[0].wargear.map((w) => `${w.count}x ${w.name.text}`), ['1x Hellforged weapons', '1x Infernal cannon']);
    const kb = l.units[1];
    assert.deepStrictEqual(kb.models.map((m) => `${m.count}x ${m.name.text}`), ['1x Khorne Berzerker Champion', '9x Khorne Berzerker']);
    // Option bundles are opened and equal items merged: 7 + 2 bolt pistols.
    assert.deepStrictEqual(kb.models[1].wargear.map((w) => `${w.count}x ${w.name.text}`), ['9x Bolt pistol', '7x Chainblade', '2x Khornate eviscerator']);
    assert.ok(kb.models[0].wargear.some((w) => w.name.text === 'Icon of Khorne'), 'the unit-level icon is kept under the first model');
    assert.deepStrictEqual(l.units[3].models[0].wargear.map((w) => `${w.count}x ${w.name.text}`), ['1x Forgefiend jaws', '2x Hades autocannon']);
    assert.strictEqual(formatList(r.text, l), r.text, 'the import is already in the formatter’s layout');
  });

  it('Space Wolves: chapter under Space Marines, entities decoded, ability-profile enhancement, allied force', function () {
    const r = rosterToList(xmlOf('space-wolves-incursion.ros'));
    assert.deepStrictEqual(r.warnings, []);
    const { l, units } = parsedUnits(r.text);
    assert.strictEqual(l.title?.text, 'Pack "Fenrir" & friends');
    assert.strictEqual(l.superFaction?.text, 'Space Marines');
    assert.strictEqual(l.faction?.text, 'Space Wolves');
    assert.strictEqual(l.battleSize?.name.text, 'Incursion');
    assert.strictEqual(l.battleSize?.points, 1000);
    assert.deepStrictEqual(units, [
      { name: 'Wolf Guard Battle Leader', points: 85, section: 'CHARACTERS', models: 1 },
      { name: 'Blood Claws', points: 135, section: 'BATTLELINE', models: 10 },
      { name: 'Thunderwolf Cavalry', points: 195, section: 'OTHER DATASHEETS', models: 3 },
      { name: 'Callidus Assassin', points: 100, section: 'ALLIED UNITS', models: 1 },
    ]);
    assert.deepStrictEqual(l.units[0].enhancements.map((e) => e.name.text), ["Hunter's Guile"]);
    assert.deepStrictEqual(l.units[0].models[0].wargear.map((w) => w.name.text), ['Storm shield', 'Thunder hammer']);
    assert.strictEqual(l.statedPoints?.value, 515);
    assert.strictEqual(units.reduce((a, u) => a + (u.points ?? 0), 0), 515);
  });

  it('Combat Patrol without a points limit; a stated total that disagrees is a warning, not a failure', function () {
    const r = rosterToList(xmlOf('combat-patrol-stated-mismatch.ros'));
    assert.strictEqual(r.warnings.length, 1);
    assert.match(r.warnings[0], /999 points .* 65/);
    const { l } = parsedUnits(r.text);
    assert.strictEqual(l.battleSize?.name.text, 'Combat Patrol');
    assert.strictEqual(l.battleSize?.points, undefined);
    assert.strictEqual(l.faction?.text, 'Genestealer Cults');
    assert.strictEqual(l.units.length, 1);
  });

  it('refuses what is not a roster, truncated XML and malformed XML with a plain message', function () {
    assert.throws(() => rosterToList('<catalogue name="x"></catalogue>'), (e: Error) => e instanceof RosterImportError && /no <roster>/.test(e.message));
    const xml = xmlOf('world-eaters-strike-force.ros');
    assert.throws(() => rosterToList(xml.slice(0, xml.length / 2)), /truncated/);
    assert.throws(() => rosterToList('<roster name="a"><forces><force></forces></roster>'), RosterImportError);
  });
});

describe('roster import: hostile XML', function () {
  it('refuses a billion-laughs DOCTYPE before parsing anything', function () {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE roster [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<roster name="&lol4;"><forces><force catalogueName="x"><selections/></force></forces></roster>`;
    const t0 = Date.now();
    assert.throws(() => rosterToList(lol), (e: Error) => e instanceof RosterImportError && /entities/.test(e.message));
    assert.ok(Date.now() - t0 < 1000);
  });
  it('refuses an external entity (no file is read)', function () {
    const ext = `<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY x SYSTEM "file:///etc/passwd">]><roster name="&x;"><forces><force catalogueName="x"><selections/></force></forces></roster>`;
    assert.throws(() => rosterToList(ext), (e: Error) => /entities/.test(e.message) && !/root:/.test(e.message));
  });
  it('an undeclared entity reference stays text, never expands', function () {
    const r = rosterToList(xmlOf('world-eaters-strike-force.ros').replace('name="Red Harvest"', 'name="Red &x; Harvest"'));
    assert.strictEqual(parseArmyList(r.text).title?.text, 'Red &x; Harvest');
  });
});

describe('roster import: .rosz archives (node side)', function () {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-rosz-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, data: Uint8Array | string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, data);
    return p;
  };

  it('a .rosz holding one .ros imports like the .ros itself', function () {
    const xml = xmlOf('world-eaters-strike-force.ros');
    const p = write('army.rosz', zipSync({ 'Red Harvest.ros': strToU8(xml) }));
    const read = readRosterFile(p);
    assert.ok('xml' in read, JSON.stringify(read));
    assert.strictEqual(read.xml, xml);
    const imported = importRosterFile(p);
    assert.ok('text' in imported);
    assert.strictEqual(imported.text, rosterToList(xml).text);
    // Stored (uncompressed) entries are read too.
    const stored = importRosterFile(write('stored.rosz', zipSync({ 'a.ros': [strToU8(xml), { level: 0 }] })));
    assert.ok('text' in stored && stored.text === imported.text);
  });

  it('a plain .ros file is read as XML', function () {
    const imported = importRosterFile(write('space-wolves-incursion.ros', strToU8(xmlOf('space-wolves-incursion.ros'))));
    assert.ok('text' in imported);
    assert.match(imported.text, /^Callidus Assassin \(100 Points\)$/m);
  });

  it('refuses an archive whose declared sizes exceed the limit, before inflating', function () {
    // 30 MB of one byte compresses to ~30 KB; its header declares the truth, which is over the cap.
    const big = new Uint8Array(30 * 1024 * 1024).fill(0x41);
    const zip = zipSync({ 'bomb.ros': big }, { level: 9 });
    assert.ok(zip.length < 200 * 1024, `compressed ${zip.length}`);
    const t0 = Date.now();
    const r = readRosterBytes(zip, 'bomb.rosz');
    assert.ok('error' in r && /would unpack to 30\.0 MB/.test(r.error), JSON.stringify(r));
    assert.ok(Date.now() - t0 < 2000, 'refused without inflating');
  });

  it('stops inflating an entry that outgrows the size it declares (a lying zip bomb)', function () {
    const big = new Uint8Array(30 * 1024 * 1024).fill(0x41);
    const zip = zipSync({ 'bomb.ros': big }, { level: 9 });
    // Rewrite the declared uncompressed size (central directory and local header) to 1 KB.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    let patched = 0;
    for (let i = 0; i + 4 <= zip.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x02014b50) {
        view.setUint32(i + 24, 1024, true);
        patched++;
      } else if (sig === 0x04034b50) {
        view.setUint32(i + 22, 1024, true);
        patched++;
      }
    }
    assert.strictEqual(patched, 2, 'both headers patched');
    const r = readRosterBytes(zip, 'liar.rosz');
    assert.ok('error' in r && /inflates past 1 KB/.test(r.error), JSON.stringify(r));
  });

  it('the limits are settable: a 3 MB archive against a 1 MB cap', function () {
    const big = new Uint8Array(3 * 1024 * 1024).fill(0x20);
    const zip = zipSync({ 'r.ros': big }, { level: 9 });
    const r = readRosterBytes(zip, 'capped.rosz', { maxBytes: 1024 * 1024, maxEntries: 50 });
    assert.ok('error' in r && /would unpack to 3\.0 MB/.test(r.error));
  });

  it('refuses too many entries, none or several .ros files, and a .rosz that is not a zip', function () {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 60; i++) files[`f${i}.txt`] = strToU8('x');
    files['a.ros'] = strToU8(xmlOf('world-eaters-strike-force.ros'));
    const many = readRosterBytes(zipSync(files), 'many.rosz');
    assert.ok('error' in many && /61 entries/.test(many.error), JSON.stringify(many));
    const none = readRosterBytes(zipSync({ 'readme.txt': strToU8('hi') }), 'none.rosz');
    assert.ok('error' in none && /0 \.ros files/.test(none.error));
    const two = readRosterBytes(zipSync({ 'a.ros': strToU8('<roster/>'), 'b.ros': strToU8('<roster/>') }), 'two.rosz');
    assert.ok('error' in two && /2 \.ros files/.test(two.error));
    const notZip = readRosterFile(write('fake.rosz', 'hello'));
    assert.ok('error' in notZip && /not a zip/.test(notZip.error));
    const missing = importRosterFile(path.join(dir, 'missing.ros'));
    assert.ok('error' in missing && /ENOENT/.test(missing.error));
  });

  it('auspex import prints the list; a hostile file exits 2 with the reason', function () {
    let out = '';
    let err = '';
    const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t), readFile: (f: string) => fs.readFileSync(f, 'utf8'), readStdin: () => '' };
    assert.strictEqual(run(['import', write('world-eaters-strike-force.ros', xmlOf('world-eaters-strike-force.ros'))], io), 0);
    assert.strictEqual(out, rosterToList(xmlOf('world-eaters-strike-force.ros')).text);
    out = '';
    const p = write('evil.ros', '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><roster name="&x;"></roster>');
    assert.strictEqual(run(['import', p], io), 2);
    assert.strictEqual(out, '');
    assert.match(err, /auspex import: .*entities/);
  });
});
