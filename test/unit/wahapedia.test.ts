import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { loadWahapedia, parseComposition, wahapediaEdition } from '../../server/src/service/domain/rules/wahapedia';
import { htmlToText, readPipeCsv } from '../../server/src/service/domain/rules/wahapediaCsv';
import { openDataFolder } from '../../server/src/node/dataFolder';
import { parseDataPath, RulesProvider } from '../../server/src/node/rulesProvider';
import { writeTinyWahapedia } from '../support/tinyWahapedia';
import { Datasheet, DataWarning, RulesData } from '../../server/src/service/domain/rules/model';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

const byName = (data: RulesData, name: string): Datasheet => {
  const d = data.datasheets.find((x) => x.name === name);
  assert.ok(d, `datasheet ${name} present`);
  return d;
};

describe('Wahapedia CSV reading (own fixtures)', () => {
  it('strips the BOM, handles CRLF and the trailing |, and names short rows', () => {
    const warnings: DataWarning[] = [];
    const t = readPipeCsv('X.csv', '\ufeffid|name|\r\n1|Alpha|\r\n2|\r\n3|Gamma|\r\n', { required: ['id', 'name'] }, warnings);
    assert.deepStrictEqual(t?.header, ['id', 'name']);
    assert.deepStrictEqual(t?.rows, [{ line: 2, f: ['1', 'Alpha'] }, { line: 4, f: ['3', 'Gamma'] }]);
    assert.deepStrictEqual(warnings.map((w) => [w.code, w.source.locator]), [['csv-row-length', 'row 3']]);
  });

  it('turns HTML into text, keeping keywords and list items', () => {
    const html = 'Each <span class="kwb">GENESTEALER</span> <span class="kwb">CULTS</span> unit has <span class="kwb2"><a href="/x">[LETHAL HITS]</a></span>.<br><br><ul><li>One</li><li>Two &amp; three</li></ul>';
    assert.strictEqual(htmlToText(html), 'Each GENESTEALER CULTS unit has [LETHAL HITS].\n\n- One\n- Two & three');
  });

  it('parses composition text against model rows', () => {
    const models = [{ name: 'ATALAN JACKAL', M: '12"', T: 4, Sv: 5, W: 2, Ld: 7, OC: 1 }];
    assert.deepStrictEqual(parseComposition('4-8 Atalan Jackals', models), { model: 'ATALAN JACKAL', min: 4, max: 8 });
    assert.deepStrictEqual(parseComposition('1-2 Atalan Wolfquads*', models), { model: 'Atalan Wolfquads', min: 1, max: 2 });
    assert.strictEqual(parseComposition('Every model has a lasgun', models), undefined);
  });

  it('takes out a datasheet listed under a host that carries the host keyword only by that listing', () => {
    // Invented export: the Jesters' own listing (faction JS) carries JESTERS only; their listing under the
    // Raiders (RD) adds RAIDERS. JESTERS is no faction name (the faction is the Masque), so only the other listing tells it is an ally.
    // The Raiders' Skiff repeats under the Jesters with the Raiders' keyword: there it stays the host's ally
    // by the faction-name rule, and under the Raiders it is their own unit.
    const files = [
      { name: 'Factions.csv', text: 'id|name|link|\nRD|Raiders|x|\nJS|Masque|x|\n' },
      { name: 'Source.csv', text: 'id|name|\n1|Codex|\n' },
      { name: 'Datasheets.csv', text: 'id|name|faction_id|source_id|role|loadout|virtual|\n01|Troupe|JS|1|Other||false|\n02|Troupe|RD|1|Other||false|\n03|Skiff|RD|1|Other||false|\n04|Skiff|JS|1|Other||false|\n05|Reaver|RD|1|Other||false|\n' },
      { name: 'Datasheets_keywords.csv', text: 'datasheet_id|keyword|model|is_faction_keyword|\n01|Jesters||true|\n02|Jesters||true|\n02|Raiders||true|\n03|Raiders||true|\n04|Raiders||true|\n04|Jesters||true|\n05|Raiders||true|\n05|Jet||true|\n' },
    ];
    const { data } = loadWahapedia(files);
    // Reaver carries a keyword besides RAIDERS (JET) but has no other listing: the Raiders' own unit.
    assert.deepStrictEqual(data.datasheets.map((d) => d.id).sort(), ['01', '03', '05']);
    assert.deepStrictEqual(data.factions.find((f) => f.id === 'RD')?.allies, ['Troupe']);
    assert.deepStrictEqual(data.factions.find((f) => f.id === 'JS')?.allies, ['Skiff']);
    // Loading the host alone still reads the other listing's keywords.
    const rd = loadWahapedia(files, { factions: ['RD'] }).data;
    assert.deepStrictEqual(rd.datasheets.map((d) => d.id).sort(), ['03', '05']);
    assert.deepStrictEqual(loadWahapedia(files, { factions: ['RD'], includeAllies: true }).data.datasheets.map((d) => d.id).sort(), ['02', '03', '05']);
  });

  it('warns about a missing file instead of throwing', () => {
    const { warnings, data } = loadWahapedia([{ name: 'Factions.csv', text: 'id|name|link|\r\nGC|Genestealer Cults|x|\r\n' }]);
    assert.ok(warnings.some((w) => w.code === 'csv-missing-file' && w.source.file === 'Datasheets.csv'));
    assert.strictEqual(data.factions[0].name, 'Genestealer Cults');
  });
});

describe('Wahapedia loader: shared export', function () {
  this.timeout(20000);
  let gc: { data: RulesData; warnings: DataWarning[] };
  before(function () {
    requireShared(this, 'data', 'wahapedia');
    gc = openDataFolder(sharedPath('data', 'wahapedia')).loadFaction('Genestealer Cults');
  });

  it('loads Genestealer Cults with its own datasheets', () => {
    assert.deepStrictEqual(gc.warnings, []);
    assert.deepStrictEqual(gc.data.sources[0].version, '2025-11-14 19:35:22');
    const names = gc.data.datasheets.filter((d) => !d.legends).map((d) => d.name);
    assert.strictEqual(names.length, 24, names.join(', '));
    for (const n of ['Atalan Jackals', 'Jackal Alphus', 'Patriarch', 'Acolyte Hybrids With Autopistols']) assert.ok(names.includes(n), n);
    assert.ok(!gc.data.datasheets.some((d) => d.name === 'Chimera'), 'allied Astra Militarum units left out');
    // ... but named on the faction as what it may take as allies.
    assert.ok(gc.data.factions[0].allies?.includes('Chimera'));
    // Legends datasheets load flagged, so that a list naming one is told it is Legends.
    assert.deepStrictEqual(gc.data.datasheets.filter((d) => d.legends).map((d) => d.name), ['Tectonic Fragdrill']);
  });

  it('keeps Aeldari datasheets (AELDARI is their plain keyword) and takes allies listed under a host out of the host', () => {
    const folder = openDataFolder(sharedPath('data', 'wahapedia'));
    const own = (f: string) => folder.loadFaction(f).data.datasheets.filter((d) => !d.legends).map((d) => d.name);
    const ae = own('Aeldari');
    for (const n of ['Farseer', 'Dire Avengers', 'Troupe', 'Wave Serpent']) assert.ok(ae.includes(n), `Aeldari ${n}`);
    const dru = folder.loadFaction('Drukhari');
    assert.ok(!dru.data.datasheets.some((d) => d.name === 'Troupe'), 'Harlequins are no Drukhari unit');
    assert.ok(dru.data.factions[0].allies?.includes('Troupe'));
    assert.ok(dru.data.datasheets.some((d) => d.name === 'Archon'));
    const cd = own('Chaos Daemons');
    assert.ok(!cd.includes('Chaos Lord') && cd.includes('Bloodthirster'), 'Shadow Legion Heretic Astartes are allies of the Daemons');
    const csm = own('Chaos Space Marines');
    assert.ok(csm.includes('Chaos Lord') && csm.includes('Cultist Mob'), 'their own faction keeps them');
    assert.ok(!own('Chaos Knights').includes('Cultist Mob'));
  });

  it('reads Atalan Jackals as the export states it', () => {
    const j = byName(gc.data, 'Atalan Jackals');
    assert.deepStrictEqual(j.factionKeywords, ['GENESTEALER CULTS']);
    assert.deepStrictEqual(j.keywords.sort(), ['ATALAN JACKALS', 'GREAT DEVOURER', 'GRENADES', 'MOUNTED']);
    assert.deepStrictEqual(j.models, [
      { name: 'ATALAN JACKAL', M: '12"', T: 4, Sv: 5, W: 2, Ld: 7, OC: 1, base: '60 x 35mm' },
      { name: 'ATALAN WOLFQUAD', M: '12"', T: 4, Sv: 5, W: 4, Ld: 7, OC: 1, base: '60mm' },
    ]);
    assert.deepStrictEqual(j.composition, [{ model: 'ATALAN JACKAL', min: 4, max: 8 }, { model: 'ATALAN WOLFQUAD', min: 1, max: 2 }]);
    assert.deepStrictEqual(j.points, [{ models: 5, points: 85 }, { models: 10, points: 150 }]);
    const w = (n: string) => j.weapons.find((x) => x.name === n)?.profiles.map((p) => [p.name, p.type, p.range, p.A, p.skill, p.S, p.AP, p.D, p.abilities.join(',')]);
    assert.deepStrictEqual(w('Grenade launcher'), [
      ['Grenade launcher - frag', 'ranged', '24"', 'D3', 4, 4, 0, '1', 'BLAST'],
      ['Grenade launcher - krak', 'ranged', '24"', '1', 4, 9, -2, 'D3', ''],
    ]);
    assert.deepStrictEqual(w('Atalan incinerator'), [['Atalan incinerator', 'ranged', '12"', 'D6', null, 5, -1, '1', 'IGNORES COVER,TORRENT']]);
    assert.deepStrictEqual(w('Heavy stubber'), [['Heavy stubber', 'ranged', '36"', '3', 4, 4, 0, '1', 'ASSAULT,RAPID FIRE 3']]);
    assert.deepStrictEqual(w('Close combat weapon'), [['Close combat weapon', 'melee', 'Melee', '2', 4, 3, 0, '1', '']]);
    assert.strictEqual(j.weapons.length, 7);
    assert.deepStrictEqual(j.abilities.map((a) => `${a.name}/${a.kind}`), ['Scouts 9"/core', 'Stealth/core', 'Cult Ambush/faction', 'Outrider Gangs/datasheet', 'Demolition Run/datasheet']);
    assert.match(j.abilities.find((a) => a.name === 'Demolition Run')?.text ?? '', /Once per turn/);
    assert.match(j.defaultLoadout ?? '', /Every Atalan Jackal is equipped with: Atalan small arms; close combat weapon\./);
    assert.strictEqual(j.wargearOptions?.length, 3);
  });

  it('splits weapon abilities a row separates with full stops (Benefictus: "HAZARDOUS. IGNORES COVER. PSYCHIC")', () => {
    const cascade = byName(gc.data, 'Benefictus').weapons.find((w) => w.name === 'Psionic Cascade');
    assert.deepStrictEqual(
      cascade?.profiles.map((p) => [p.name, p.abilities]),
      [
        ['Psionic Cascade - witchfire', ['IGNORES COVER', 'PSYCHIC']],
        ['Psionic Cascade - focused witchfire', ['HAZARDOUS', 'IGNORES COVER', 'PSYCHIC']],
      ],
    );
  });

  it('loads no nameless weapon from blank wargear rows (Spore Mines, Mucolid Spores)', () => {
    const tyr = openDataFolder(sharedPath('data', 'wahapedia')).loadFaction('Tyranids').data;
    for (const n of ['Spore Mines', 'Mucolid Spores']) assert.deepStrictEqual(byName(tyr, n).weapons, [], n);
    assert.deepStrictEqual(tyr.datasheets.flatMap((d) => d.weapons.filter((w) => !w.name.trim()).map(() => d.name)), []);
  });

  it('resolves leaders both ways', () => {
    assert.deepStrictEqual(byName(gc.data, 'Jackal Alphus').leads, ['Atalan Jackals']);
    assert.deepStrictEqual(byName(gc.data, 'Atalan Jackals').ledBy, ['Jackal Alphus']);
  });

  it('has the detachments, enhancements and stratagems, without Boarding Actions', () => {
    assert.deepStrictEqual(gc.data.detachments.map((d) => d.name).sort(), ['Biosanctic Broodsurge', 'Brood Brother Auxilia', 'Final Day', 'Host of Ascension', 'Outlander Claw', 'Xenocreed Congregation']);
    const enh = gc.data.enhancements.filter((e) => e.detachment === 'Host of Ascension').map((e) => [e.name, e.points]);
    assert.deepStrictEqual(enh.sort(), [['A Chink in Their Armour', 20], ['Assassination Edict', 15], ['Our Time Is Nigh', 20], ['Prowling Agitant', 15]]);
    const trap = gc.data.stratagems.find((s) => s.name === 'COORDINATED TRAP');
    assert.deepStrictEqual([trap?.cp, trap?.detachment, trap?.faction, trap?.category, trap?.phase], [2, 'Host of Ascension', 'GENESTEALER CULTS', 'Battle Tactic', 'Shooting or Fight phase']);
    assert.match(trap?.when ?? '', /^The start of your Shooting phase/);
    assert.match(trap?.target ?? '', /^Two GENESTEALER CULTS units/);
    assert.ok(gc.data.stratagems.some((s) => s.name === 'COMMAND RE-ROLL' && s.detachment === undefined && s.category === 'Battle Tactic'));
    assert.ok(!gc.data.stratagems.some((s) => /boarding/i.test(s.category) || s.detachment === 'Cult Unveiled'));
  });

  it('loads the whole export', () => {
    const all = openDataFolder(sharedPath('data', 'wahapedia')).loadAll();
    assert.ok(all.warnings.every((w) => w.severity === 'info'), JSON.stringify(all.warnings.filter((w) => w.severity !== 'info')));
    assert.strictEqual(all.data.factions.length, 26);
    assert.ok(all.data.datasheets.length > 900);
    assert.ok(all.data.datasheets.some((d) => d.name === 'Hive Tyrant'));
  });
});

describe('Wahapedia loader: corrupted copies of the real export', function () {
  this.timeout(20000);
  let dir: string;
  before(function () {
    requireShared(this, 'data', 'wahapedia');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-waha-'));
    const src = sharedPath('data', 'wahapedia');
    for (const f of fs.readdirSync(src).filter((n) => n.endsWith('.csv') && n !== 'Stratagems.csv')) fs.copyFileSync(path.join(src, f), path.join(dir, f));
    // Missing column: drop "Sv" from Datasheets_models.csv.
    const models = fs.readFileSync(path.join(src, 'Datasheets_models.csv'), 'utf8').split('\r\n');
    const sv = models[0].split('|').indexOf('Sv');
    assert.ok(sv > 0);
    fs.writeFileSync(path.join(dir, 'Datasheets_models.csv'), models.map((l) => (l ? l.split('|').filter((_, i) => i !== sv).join('|') : l)).join('\r\n'));
    // Dangling link: Jackal Alphus now also leads a datasheet that does not exist; and one short row.
    fs.appendFileSync(path.join(dir, 'Datasheets_leader.csv'), '000001565|999999999|\r\n000001565|\r\n');
    // A cost that is not a number.
    const cost = fs.readFileSync(path.join(src, 'Datasheets_models_cost.csv'), 'utf8').replace('000001574|2|10 models|150|', '000001574|2|10 models|lots|');
    fs.writeFileSync(path.join(dir, 'Datasheets_models_cost.csv'), cost);
  });
  after(() => { if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  it('warns once per problem, naming file and row, and still loads the rest', () => {
    const { data, warnings } = openDataFolder(dir).loadFaction('GC');
    const find = (code: string, file: string) => warnings.filter((w) => w.code === code && w.source.file === file);
    assert.strictEqual(find('csv-missing-column', 'Datasheets_models.csv').length, 1);
    assert.match(find('csv-missing-column', 'Datasheets_models.csv')[0].message, /"Sv"/);
    assert.strictEqual(find('csv-missing-file', 'Stratagems.csv').length, 1);
    const dangling = find('csv-dangling-id', 'Datasheets_leader.csv');
    assert.strictEqual(dangling.length, 1);
    assert.match(dangling[0].message, /999999999/);
    assert.strictEqual(find('csv-row-length', 'Datasheets_leader.csv').length, 1);
    const bad = find('csv-bad-value', 'Datasheets_models_cost.csv');
    assert.strictEqual(bad.length, 1);
    assert.match(bad[0].source.locator ?? '', /^row \d+$/);
    // The rest still loads.
    const j = byName(data, 'Atalan Jackals');
    assert.deepStrictEqual(j.points, [{ models: 5, points: 85 }]);
    assert.deepStrictEqual(j.models.map((m) => [m.T, m.W]), [[4, 2], [4, 4]]);
    assert.deepStrictEqual(byName(data, 'Jackal Alphus').leads, ['Atalan Jackals']);
    assert.strictEqual(data.stratagems.length, 0);
    assert.ok(data.detachments.length >= 6);
  });
});

describe('Wahapedia export: its edition read from the export or stated, never assumed', () => {
  let root: string;
  /** The tiny export (test/support/tinyWahapedia.ts) with some of its files rewritten. */
  const variant = (name: string, edit: (file: string, text: string) => string = (_f, t) => t) => {
    const dir = path.join(root, name);
    fs.mkdirSync(dir);
    writeTinyWahapedia(dir);
    for (const f of fs.readdirSync(dir)) fs.writeFileSync(path.join(dir, f), edit(f, fs.readFileSync(path.join(dir, f), 'utf8')));
    return dir;
  };
  // Source.csv without its edition column, Factions.csv without links: nothing shows the edition.
  const silent = (f: string, t: string) => (f === 'Source.csv' ? t.replace(/\|edition\|/, '|ed|') : t);
  const eleventh = (f: string, t: string) => {
    if (f === 'Source.csv') return t.replace(/\|10\|/g, '|11|');
    if (f === 'Factions.csv') return t.replace(/\|(Space Marines|Imperial Agents|World Eaters)\|\|/g, (_m, n: string) => `|${n}|https://wahapedia.ru/wh40k11ed/factions/${n.toLowerCase().replace(/ /g, '-')}|`);
    return t;
  };
  before(() => { root = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-waha-edition-')); });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads the edition the export shows: its links, else Source.csv', () => {
    assert.strictEqual(openDataFolder(variant('tenth')).edition, 10);
    const dir = variant('eleventh', eleventh);
    assert.strictEqual(wahapediaEdition([{ name: 'Factions.csv', text: fs.readFileSync(path.join(dir, 'Factions.csv'), 'utf8') }]), 11);
    const f = openDataFolder(dir);
    assert.deepStrictEqual([f.kind, f.edition], ['wahapedia', 11]);
    assert.deepStrictEqual(f.loadFaction('World Eaters').data.sources.map((s) => [s.kind, s.edition]), [['wahapedia', 11]]);
    // Its data answers 11th-edition lists only.
    const p = new RulesProvider({ paths: [dir] });
    p.ensureFaction('World Eaters');
    assert.ok(p.rulesFor(11).datasheets.some((d) => d.name === 'Khorne Berzerkers'));
    assert.ok(!p.rulesFor(10).sources.some((s) => s.kind === 'wahapedia'));
  });

  it('refuses an export that does not show its edition, saying how to state it; `11=<dir>` / `10=<dir>` states it', () => {
    const dir = variant('silent', silent);
    const f = openDataFolder(dir);
    // Recognised as an export (a download finds it), unusable until its edition is stated.
    assert.deepStrictEqual([f.kind, f.edition], ['wahapedia', undefined]);
    assert.deepStrictEqual(f.warnings.map((w) => w.code), ['data-edition-unknown']);
    const unstated = new RulesProvider({ paths: [dir] });
    unstated.ensureFaction('World Eaters');
    assert.deepStrictEqual([unstated.rulesFor(10), unstated.rulesFor(11)].map((r) => r.sources.filter((s) => s.kind === 'wahapedia').length), [0, 0]);
    assert.deepStrictEqual(unstated.listedFactions(), []);
    assert.match(f.warnings[0].message, new RegExp(`does not show its edition.*"11=${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
    for (const edition of [10, 11] as const) {
      const p = new RulesProvider({ paths: [`${edition}=${dir}`] });
      assert.deepStrictEqual(p.dataFolders.map((x) => [x.kind, x.edition]), [['wahapedia', edition]]);
      p.ensureFaction('World Eaters', edition);
      assert.deepStrictEqual(p.rulesFor(edition).sources.filter((s) => s.kind === 'wahapedia').map((s) => s.edition), [edition]);
    }
    assert.deepStrictEqual(parseDataPath('11=/x/y'), { path: '/x/y', edition: 11 });
    assert.deepStrictEqual(parseDataPath('12=/x/y'), { path: '12=/x/y' });
    assert.deepStrictEqual(parseDataPath('/x/11=y'), { path: '/x/11=y' });
  });

  it('a stated edition wins over the one the export shows, said once', () => {
    const f = openDataFolder(variant('overruled', eleventh), { edition: 10 });
    assert.strictEqual(f.edition, 10);
    assert.deepStrictEqual(f.warnings.map((w) => [w.code, w.message.replace(/^.*: /, '')]), [['data-edition-stated', 'its data shows the 11th edition, read as the 10th as stated']]);
  });

  it('auspex check --data: a silent export is refused with the way to state it; --data 11=<dir> reads it', () => {
    const dir = variant('cli', silent);
    const list = path.join(root, 'we.txt');
    fs.writeFileSync(list, 'World Eaters\nStrike Force (2000 Points)\n\nKhorne Berzerkers (180 Points)\n  • 1x Chainblade\n');
    const run = (...args: string[]) => spawnSync(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'check', '--no-cache', ...args, list], { encoding: 'utf8' });
    const refused = run('--data', dir);
    assert.strictEqual(refused.status, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /does not show its edition.*"11=/);
    const stated = run('--data', `10=${dir}`, '--edition', '10');
    assert.doesNotMatch(stated.stderr + stated.stdout, /does not show its edition|unknown-datasheet|faction-not-loaded/);
  });
});
