// Expected-damage code lenses on the seed's unit: numbers derived by hand, the
// Point-Blank Ambush variant (read from its EFFECT text), the targets and
// Devastating Wounds settings, and the breakdown command each lens carries.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeLenses, LENS_COLUMNS, LENS_DETAIL, LENS_HEAD_COLUMNS, LensCommand, lensTitle, SHOW_BREAKDOWN_COMMAND } from '../../server/src/service/features/codeLens';
import { computeUnitDamage, UnitDamageInput, UnitDamageResult } from '../../server/src/service/domain/damage/fromRules';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import type { RulesData } from '../../server/src/service/domain/rules/model';
import { DEFAULT_SETTINGS, Settings } from '../../server/src/service/settings';
import { createLanguageService } from '../../server/src/service/languageService';
import { repoRoot, requireShared, sharedPath } from '../support/shared';
import { check11 } from '../support/check11';

const EXAMPLE = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
const MEQ = { name: 'T4 3+ W2 ×5', models: 5, T: 4, Sv: 3, W: 2, keywords: ['INFANTRY'] };
const near = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} ≠ ${b}`);

/** Binomial(n, p) as an array. */
function binomial(n: number, p: number): number[] {
  const out: number[] = [];
  let c = 1;
  for (let k = 0; k <= n; k++) {
    out.push(c * p ** k * (1 - p) ** (n - k));
    c = (c * (n - k)) / (k + 1);
  }
  return out;
}
/** E[min(floor(X/2) + extra, cap)] for X ~ the sum of two binomials. */
function expectedSlain(a: number[], b: number[], extra = 0, cap = 5): number {
  let e = 0;
  a.forEach((pa, i) => b.forEach((pb, j) => (e += pa * pb * Math.min(Math.floor((i + j) / 2) + extra, cap))));
  return e;
}

interface Run {
  lenses: ReturnType<typeof codeLenses>;
  calls: { input: UnitDamageInput; r: UnitDamageResult }[];
}
function run(text: string, settings: Partial<Settings> = {}, data: RulesData = loadEmbeddedRules()): Run {
  const doc = TextDocument.create('file:///l.army', 'army-list', 1, text);
  const calls: Run['calls'] = [];
  const damage = (input: UnitDamageInput) => {
    const r = computeUnitDamage(input);
    calls.push({ input, r });
    return r;
  };
  const lenses = codeLenses(doc, parseArmyList(text), new RulesIndex(data), damage, { ...DEFAULT_SETTINGS, ...settings });
  return { lenses, calls };
}
const titles = (r: Run) => r.lenses.map((l) => l.command!.title);
const tooltip = (l: Run['lenses'][number]) => (l.command as LensCommand).tooltip ?? '';
const variantCalls = (r: Run) => r.calls.filter((c) => c.input.groups.some((g) => g.weapons.some((w) => w.profiles.some((p) => p.abilities.includes('LETHAL HITS')))));

describe('code lenses: expected damage of the seed unit', () => {
  // Jackals: 4 × small arms (2 A, BS4+, S4, AP0, D1) in the Shooting phase, 4 × power weapon (2 A, WS4+, S4, AP-2, D1) in the Fight.
  // Wolfquad: small arms or mining laser (1 A, BS4+, S12, AP-3, D6+1; the laser does more), close combat weapon (2 A, WS4+, S3, AP0, D1).
  // Against T4 Sv3+ W2: pistols ½·½·⅓ = 1/12 per attack, laser ½·⅚·⅚ = 25/72 × 4.5; power weapon ½·½·⅔ = 1/6, ccw ½·⅓·⅓ = 1/18.
  const shootDmg = 8 / 12 + (25 / 72) * 4.5; // 2.2292
  const fightDmg = 8 / 6 + 2 / 18; // 1.4444
  // Slain: every pistol and melee wound is 1 damage on W2 models; an unsaved laser shot (D6+1 ≥ 2) removes one more model.
  const shootSlain = expectedSlain(binomial(8, 1 / 12), [1], 0) + 25 / 72;
  const fightSlain = expectedSlain(binomial(8, 1 / 6), binomial(2, 1 / 18));
  // Point-Blank Ambush ([LETHAL HITS]): a 6 wounds automatically, so per attack 1/6 + ⅓·P(wound).
  const pbaShoot = 8 * (1 / 6 + (1 / 3) * (1 / 2)) * (1 / 3) + (1 / 6 + (1 / 3) * (5 / 6)) * (5 / 6) * 4.5; // 0.8889 + 1.6667 = 2.5556
  const pbaFight = 8 * (1 / 6 + (1 / 3) * (1 / 2)) * (2 / 3) + 2 * (1 / 6 + (1 / 3) * (1 / 3)) * (1 / 3); // 1.7778 + 0.1852 = 1.9630
  const pbaShootSlain = expectedSlain(binomial(8, 1 / 9), [1], 0) + 10 / 27; // the laser still removes one model per unsaved shot
  const pbaFightSlain = expectedSlain(binomial(8, 2 / 9), binomial(2, 5 / 54));

  it('computes the hand-derived values against T4 3+ W2 ×5', () => {
    const r = run(EXAMPLE, { damageTargets: [MEQ] });
    const [shoot, fight] = r.calls;
    assert.strictEqual(shoot.input.context?.phase, 'shooting');
    near(shoot.r.damage, shootDmg, 'shooting damage');
    near(shoot.r.damage, 2.2291666666666665, 'shooting damage as the issue states it');
    near(shoot.r.modelsSlain, shootSlain, 'shooting slain');
    assert.strictEqual(fight.input.context?.phase, 'fight');
    near(fight.r.damage, fightDmg, 'fight damage');
    near(fight.r.modelsSlain, fightSlain, 'fight slain');
  });

  it('shows one lens on the unit line with its best phase, both phases in its tooltip, with the breakdown command', () => {
    const r = run(EXAMPLE, { damageTargets: [MEQ] });
    const f = (x: number) => x.toFixed(1);
    // Shooting (2.23) does more than the Fight (1.44) against this target: the title shows the Shooting phase.
    assert.strictEqual(titles(r)[0], `⚔ ${f(shootDmg)} dmg, ${f(shootSlain)} slain — Shooting vs T4 3+ W2 ×5`);
    assert.strictEqual(titles(r)[0], '⚔ 2.2 dmg, 0.5 slain — Shooting vs T4 3+ W2 ×5');
    const detail = tooltip(r.lenses[0]).split('\n');
    assert.strictEqual(detail[0], `vs T4 3+ W2 ×5: Shooting ${f(shootDmg)} dmg / ${f(shootSlain)} slain · Fight ${f(fightDmg)} dmg / ${f(fightSlain)} slain`);
    const line = EXAMPLE.split('\n').findIndex((l) => l === 'Atalan Jackals');
    assert.deepStrictEqual(r.lenses[0].range.start, { line, character: 0 });
    assert.deepStrictEqual(r.lenses[0].command, {
      title: titles(r)[0], command: SHOW_BREAKDOWN_COMMAND, tooltip: tooltip(r.lenses[0]),
      arguments: ['file:///l.army', 0, 0, { together: true }, { tooltip: tooltip(r.lenses[0]) }],
    });
  });

  it('adds a Point-Blank Ambush line to the tooltip from the detachment, with its EFFECT\'s [LETHAL HITS] and condition', () => {
    const r = run(EXAMPLE, { damageTargets: [MEQ] });
    const [vs, vf] = variantCalls(r);
    near(vs.r.damage, pbaShoot, 'shooting damage with Lethal Hits');
    near(vf.r.damage, pbaFight, 'fight damage with Lethal Hits');
    near(vs.r.modelsSlain, pbaShootSlain, 'shooting slain with Lethal Hits');
    near(vf.r.modelsSlain, pbaFightSlain, 'fight slain with Lethal Hits');
    assert.ok(vs.r.damage > shootDmg && vf.r.damage > fightDmg);
    const f = (x: number) => x.toFixed(1);
    assert.strictEqual(
      tooltip(r.lenses[0]).split('\n')[1],
      `with POINT-BLANK AMBUSH (within 12") vs T4 3+ W2 ×5: Shooting ${f(pbaShoot)} dmg / ${f(pbaShootSlain)} slain · Fight ${f(pbaFight)} dmg / ${f(pbaFightSlain)} slain`,
    );
    assert.strictEqual(r.lenses.length, 1, 'one lens per unit');
  });

  it('gives one lens of at most 100 columns against the default targets, every target in its tooltip', () => {
    const r = run(EXAMPLE);
    const t = titles(r);
    assert.strictEqual(t.length, 1, t.join('\n'));
    assert.ok(t[0].length <= LENS_COLUMNS, `${t[0].length} columns: ${t[0]}`);
    assert.strictEqual(t[0], '⚔ 3.0 dmg, 3.0 slain — Fight vs T3 5+ W1 ×10 · T4 3+ W2 ×5: Shoot 2.2/0.5 · +3 more');
    const d = tooltip(r.lenses[0]).split('\n');
    // Against 10 T3 5+ W1 models every unsaved attack is one model: 8 pistols at ½·⅔·⅔ and the Wolfquad's pistol
    // (0.44 models) over its laser (0.42: ½·⅚ on a W1 model); 8 power weapons at ½·⅔·1 and the ccw at ½·½·⅔.
    assert.strictEqual(d[0], 'vs T3 5+ W1 ×10: Shooting 2.2 dmg / 2.2 slain · Fight 3.0 dmg / 3.0 slain');
    near(r.calls[0].r.damage, 10 * (1 / 2) * (2 / 3) * (2 / 3), 'T3 shooting');
    near(r.calls[1].r.modelsSlain, 8 * (1 / 2) * (2 / 3) + 2 * (1 / 2) * (1 / 2) * (2 / 3), 'T3 fight slain');
    assert.strictEqual(d[1], 'vs T4 3+ W2 ×5: Shooting 2.2 dmg / 0.5 slain · Fight 1.4 dmg / 0.5 slain');
    assert.match(d[2], /^vs T5 2\+\/4\+\+ W3 ×3: Shooting [\d.]+ dmg \/ [\d.]+ slain · Fight [\d.]+ dmg \/ [\d.]+ slain$/);
    assert.match(d[4], /^vs T9 2\+ W16: /);
    // The variant is shown against the first target: 8 pistols at ½·(1/6+⅓·⅔)... = 70/27 in total.
    assert.match(d[5], /^with POINT-BLANK AMBUSH \(within 12"\) vs T3 5\+ W1 ×10: Shooting 2\.6 dmg/);
    assert.strictEqual(d.length, 6);
  });

  it('shows only the phases the unit has weapons for', () => {
    const text = EXAMPLE.replace(/\s+◦ \d+x (Atalan power weapon|Close combat weapon)/g, '');
    const t = titles(run(text, { damageTargets: [MEQ] }));
    assert.strictEqual(t[0], '⚔ 2.2 dmg, 0.5 slain — Shooting vs T4 3+ W2 ×5');
    assert.ok(!t.some((x) => x.includes('Fight')));
    const r = run(text, { damageTargets: [MEQ] });
    assert.ok(!tooltip(r.lenses[0]).includes('Fight'), tooltip(r.lenses[0]));
  });

  it('offers a stratagem only when the list can use it: detachment or plan, and the unit can be its target', () => {
    const noDetachment = EXAMPLE.replace('Claw of Ascension\n', '');
    const lines = (t: string, s: Partial<Settings>, d?: RulesData) => tooltip(run(t, s, d).lenses[0]).split('\n');
    assert.strictEqual(lines(noDetachment, { damageTargets: [MEQ] }).length, 1, 'no detachment, no plan: no variant');
    const planned = `${noDetachment}\nSTRATAGEMS\nPoint-Blank Ambush: Atalan Jackals\n`;
    const r = lines(planned, { damageTargets: [MEQ] });
    assert.strictEqual(r.length, 2);
    assert.match(r[1], /^with POINT-BLANK AMBUSH/);
    // A datasheet without the GENESTEALER CULTS keyword is not a target of the stratagem.
    const data = loadEmbeddedRules();
    data.datasheets = data.datasheets.map((d) => ({ ...d, factionKeywords: ['ADEPTUS MECHANICUS'] }));
    assert.strictEqual(lines(EXAMPLE, { damageTargets: [MEQ] }, data).length, 1);
  });

  it('counts units by their place in the list, skipping none, so the command names the right one', () => {
    const text = EXAMPLE.replace('Atalan Jackals\n', 'Unknown Things\n  • 1x Thing\n\nAtalan Jackals\n');
    const r = run(text, { damageTargets: [MEQ] });
    // The lens opens the whole attached unit's breakdown (it attacks as one).
    assert.deepStrictEqual(r.lenses[0].command?.arguments?.slice(1, 4), [1, 0, { together: true }]);
  });

  it('follows the Devastating Wounds setting', () => {
    // The mining laser given [DEVASTATING WOUNDS]: a 6 to wound is D6+1 mortal wounds, which spill over in the launch wording.
    const data = loadEmbeddedRules();
    data.datasheets = data.datasheets.map((d) => ({
      ...d,
      weapons: d.weapons.map((w) => (w.name === 'Mining laser' ? { ...w, profiles: w.profiles.map((p) => ({ ...p, abilities: ['DEVASTATING WOUNDS'] })) } : w)),
    }));
    const current = run(EXAMPLE, { damageTargets: [MEQ], devastatingWounds: 'current' }, data);
    const spill = run(EXAMPLE, { damageTargets: [MEQ], devastatingWounds: 'spill' }, data);
    assert.deepStrictEqual(spill.calls[0].input.rules, { edition: 10, devastatingWounds: 'spill' });
    assert.deepStrictEqual(current.calls[0].input.rules, { edition: 10 });
    assert.ok(spill.calls[0].r.modelsSlain > current.calls[0].r.modelsSlain + 1e-6, 'mortal wounds spilling over slay more');
  });

  it('reads the targets and the wording from the service settings', () => {
    const doc = TextDocument.create('file:///l.army', 'army-list', 1, EXAMPLE);
    const service = createLanguageService();
    assert.strictEqual(service.codeLenses(doc).length, 1);
    service.setSettings({ ...DEFAULT_SETTINGS, damageTargets: [MEQ] });
    assert.strictEqual(service.codeLenses(doc)[0].command?.title, '⚔ 2.2 dmg, 0.5 slain — Shooting vs T4 3+ W2 ×5');
    service.setSettings({ ...DEFAULT_SETTINGS, damageTargets: [] });
    assert.deepStrictEqual(service.codeLenses(doc), []);
  });

  it('answers an unchanged document\'s lenses again without building them anew, and builds them anew for a new version or new data', () => {
    const settings = { ...DEFAULT_SETTINGS, damageTargets: [MEQ] };
    const service = createLanguageService({ settings });
    const doc = TextDocument.create('file:///l.army', 'army-list', 1, EXAMPLE);
    const titles = (lenses: { command?: { title: string } }[]) => lenses.map((l) => l.command?.title);
    const first = service.codeLenses(doc);
    assert.strictEqual(service.codeLenses(doc), first, 'asked again, the same answer');
    // One Jackal fewer: version 2's lenses are a fresh service's, not version 1's.
    const fewer = EXAMPLE.replace('4x Atalan Jackal\n     ◦ 4x Atalan small arms\n     ◦ 4x Atalan power weapon', '3x Atalan Jackal\n     ◦ 3x Atalan small arms\n     ◦ 3x Atalan power weapon');
    assert.notStrictEqual(fewer, EXAMPLE);
    const edited = TextDocument.update(doc, [{ text: fewer }], 2);
    const afterEdit = titles(service.codeLenses(edited));
    assert.deepStrictEqual(afterEdit, titles(createLanguageService({ settings }).codeLenses(edited)));
    assert.notDeepStrictEqual(afterEdit, titles(first));
    // New data (the mining laser at S4): the same version's lenses are built from it.
    const data = loadEmbeddedRules();
    data.datasheets = data.datasheets.map((d) => ({
      ...d,
      weapons: d.weapons.map((w) => (w.name === 'Mining laser' ? { ...w, profiles: w.profiles.map((p) => ({ ...p, S: 4 })) } : w)),
    }));
    service.setRules(data);
    const newData = titles(service.codeLenses(edited));
    assert.deepStrictEqual(newData, titles(createLanguageService({ settings, rules: data }).codeLenses(edited)));
    assert.notDeepStrictEqual(newData, afterEdit);
  });
});

describe('code lenses: the title fits in 100 columns', () => {
  const r = (damage: number, modelsSlain: number) => ({ damage, modelsSlain }) as UnitDamageResult;
  it('adds targets while they fit, then counts the rest', () => {
    const best = Array.from({ length: 9 }, (_, i) => ({ label: `Target number ${i + 1}`, phase: 'fight' as const, r: r(i, i / 2) }));
    const t = lensTitle(best);
    assert.ok(t.length <= LENS_COLUMNS, t);
    assert.strictEqual(t, '⚔ 0.0 dmg, 0.0 slain — Fight vs Target number 1 · Target number 2: Fight 1.0/0.5 · +7 more');
    const short = lensTitle(best.slice(0, 3).map((b, i) => ({ ...b, label: `T${i + 1}` })));
    assert.strictEqual(short, '⚔ 0.0 dmg, 0.0 slain — Fight vs T1 · T2: Fight 1.0/0.5 · T3: Fight 2.0/1.0');
  });
  it('clips a target name too long for the lens and still counts the others', () => {
    const t = lensTitle([
      { label: 'X'.repeat(200), phase: 'shooting', r: r(1, 1) },
      { label: 'Y', phase: 'fight', r: r(2, 2) },
    ]);
    assert.strictEqual(t.length, LENS_COLUMNS);
    assert.match(t, /^⚔ 1\.0 dmg, 1\.0 slain — Shooting vs X+… · \+1 more$/);
  });

  it('names the target whole before the army note: the note keeps a part whole or its names clipped, never a count cut', () => {
    const target = 'Tankbustas + Big Mek with Shokk Attack Gun';
    const others = Array.from({ length: 11 }, (_, i) => ({ label: `Other ${i}`, phase: 'fight' as const, r: r(1, 1) }));
    const both = lensTitle([{ label: target, phase: 'fight', r: r(27.6, 6.9) }, ...others], ' · with Khârn the Betrayer · 2 conditions');
    assert.strictEqual(both, `⚔ 27.6 dmg, 6.9 slain · with Khârn… — Fight vs ${target} · +11 more`);
    const count = lensTitle([{ label: target, phase: 'shooting', r: r(6.1, 2.4) }, ...others], ' · 2 conditions');
    // 12 columns left: a count does not fit whole and goes (the tooltip says it).
    assert.strictEqual(count, `⚔ 6.1 dmg, 2.4 slain — Shooting vs ${target} · +11 more`);
    const fits = lensTitle([{ label: target, phase: 'fight', r: r(6.1, 2.4) }, ...others], ' · 2 conditions');
    assert.strictEqual(fits, `⚔ 6.1 dmg, 2.4 slain · 2 conditions — Fight vs ${target} · +11 more`);
    // Room for everything: the note whole.
    assert.strictEqual(lensTitle([{ label: 'Boyz', phase: 'fight', r: r(3, 1) }], ' · with Beastboss · 2 conditions'), '⚔ 3.0 dmg, 1.0 slain · with Beastboss · 2 conditions — Fight vs Boyz');
  });
});

describe('code lenses: the number first, readable in a split editor', () => {
  /** The lens's head: its numbers, before any detail. */
  const head = (t: string) => t.split(LENS_DETAIL)[0].split(' · ')[0];
  const check = (titles: string[], what: string) => {
    assert.ok(titles.length > 0, what);
    for (const t of titles) {
      assert.ok(t.length <= LENS_COLUMNS, `${what}: ${t.length} columns: ${t}`);
      // The numbers, what the army's rules applied and how many conditions ("· with Beastboss · 2 conditions"), then
      // the phase and the target; a Leader's line says which unit it attacks with.
      assert.match(t, /^⚔ \d+\.\d dmg, \d+\.\d slain(?: · with [^—]+?)?(?: · \d+ conditions?)? — (?:attacks with .+ \(line \d+\) · )?(Shooting|Fight) vs \S/, `${what}: ${t}`);
      assert.ok(head(t).length <= LENS_HEAD_COLUMNS, `${what}: the numbers end at column ${head(t).length}: ${t}`);
    }
  };

  it('every lens of real 11th-edition lists, against the default targets and against an opponent list', function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_2.txt');
    requireShared(this, 'data', 'bsdata-11e');
    this.timeout(120000);
    const service = createLanguageService();
    const open = (file: string) => TextDocument.create(`file:///lists/${file}`, 'army-list', 1, fs.readFileSync(sharedPath('lists-11e', file), 'utf8'));
    const mine = open('gwapp11_worldeaters_2.txt');
    const theirs = open('gwapp11_orks_1.txt');
    for (const d of [mine, theirs]) check11(d.getText(), service);
    check(service.codeLenses(mine).map((l) => l.command!.title), 'default targets');
    service.setOpponent(mine.uri, { doc: theirs });
    const vs = service.codeLenses(mine).map((l) => l.command!.title);
    check(vs, 'against the Orks list');
    assert.ok(vs.some((t) => /\+\d+ more$/.test(t)), 'a lens counts the opponent units it has no room for');
  });

  it('keeps the numbers whole when a target name is far too long', () => {
    const r = (damage: number, modelsSlain: number) => ({ damage, modelsSlain }) as UnitDamageResult;
    const t = lensTitle([{ label: 'Z'.repeat(300), phase: 'fight', r: r(123.45, 67.8) }]);
    assert.strictEqual(head(t), '⚔ 123.5 dmg, 67.8 slain');
    assert.strictEqual(t.length, LENS_COLUMNS);
  });
});
