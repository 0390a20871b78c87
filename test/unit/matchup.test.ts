// The matchup: real target units (targetFromListUnit: model groups, an attached Leader, flags, points per model,
// defensive abilities from the datasheets) and the matrix of a real pair of lists (../shared/lists with the
// BattleScribe data of ../shared/data), each cell checked against an independent single-pair computation.
import * as assert from 'assert';
import * as fs from 'fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService } from '../../server/src/service/languageService';
import { parseArmyList } from '../../server/src/service/domain/parse';
import { RulesIndex } from '../../server/src/service/domain/rules';
import { listTargets, targetFromListUnit } from '../../server/src/service/domain/damage/targetUnit';
import { groupedTarget, TargetGroup } from '../../server/src/service/domain/damage/engine';
import { computeUnitDamage, createUnitDamageCache, UnitDamageInput, UnitDamageResult } from '../../server/src/service/domain/damage/fromRules';
import * as path from 'path';
import { repoRoot } from '../support/shared';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import { loadoutGroups, unitPhaseInput } from '../../server/src/service/features/codeLens';
import { computeMatchup, matchupText, sideTargets } from '../../server/src/service/features/matchup';
import { codeLenses } from '../../server/src/service/features/codeLens';
import { conditionContext } from '../../server/src/service/features/damageBreakdown';
import { requireShared, sharedPath } from '../support/shared';
import { resolveList } from '../../server/src/service/features/resolve/resolvedList';

let gscTyr: RulesIndex | undefined;
function rules(this: Mocha.Context): RulesIndex {
  requireShared(this, 'data', 'bsdata');
  if (!gscTyr) {
    const p = new RulesProvider({ paths: [sharedPath('data', 'bsdata')] });
    p.ensureFaction('Genestealer Cults');
    p.ensureFaction('Tyranids');
    gscTyr = new RulesIndex(p.rules());
  }
  return gscTyr;
}

const LED = `Led (200 points)

Genestealer Cults
Strike Force (2000 points)
Xenocreed Congregation

CHARACTERS

Acolyte Iconward (50 points)
  • Leading: Acolyte Hybrids with Autopistols
  • 1x Autopistol
    1x Cult claws

BATTLELINE

Acolyte Hybrids with Autopistols (65 points)
  • 1x Acolyte Leader
    • 1x Autopistol
      1x Leader’s bio-weapons
  • 4x Acolyte Hybrid
    • 4x Autopistol
      4x Cult claws and knife

Atalan Jackals (85 points)
  • 4x Atalan Jackal
    • 4x Autopistol
  • 1x Atalan Wolfquad
    • 1x Heavy stubber
`;

describe('matchup: target units from a list', () => {
  it('a led unit: the Bodyguard group, the attached CHARACTER after it, points per model, the Leader\'s Feel No Pain', function () {
    const r = rules.call(this);
    const list = parseArmyList(LED);
    const [leader, hybrids] = list.units;
    // The Leader is part of its Bodyguard's target, not a target of its own.
    assert.strictEqual(targetFromListUnit(list, leader, resolveList(list, r).sheetOf), null);
    const t = targetFromListUnit(list, hybrids, resolveList(list, r).sheetOf)!;
    assert.strictEqual(t.index, 1);
    assert.strictEqual(t.name, 'Acolyte Hybrids with Autopistols + Acolyte Iconward');
    assert.strictEqual(t.points, 115);
    assert.deepStrictEqual(t.units, [hybrids, leader]);
    const g = t.target.groups!;
    const shape = (x: TargetGroup) => [x.models, x.T, x.Sv, x.W, x.fnp ?? null, !!x.character, !!x.attached, x.pointsPerModel];
    // Acolyte Leader and Acolyte Hybrid share one profile (T4 5+ W1): one group of 5 at 65/5 points; the
    // Iconward (T4 5+ W3, 50 points) after it; "Nexus of Devotion" gives models in the unit Feel No Pain 5+.
    assert.deepStrictEqual(g.map(shape), [
      [5, 4, 5, 1, 5, false, false, 13],
      [1, 4, 5, 3, 5, true, true, 50],
    ]);
    assert.strictEqual(t.target.models, 6);
    assert.strictEqual(t.target.W, 1, 'the wound roll and top-level profile are the Bodyguard\'s');
    assert.ok(t.target.keywords!.includes('CHARACTER') && t.target.keywords!.includes('INFANTRY'));
  });

  it('two model profiles in one unit, and Stealth only when every model has it', function () {
    const r = rules.call(this);
    const list = parseArmyList(LED);
    const t = targetFromListUnit(list, list.units[2], resolveList(list, r).sheetOf)!;
    assert.deepStrictEqual(t.target.groups!.map((x) => [x.name, x.models, x.W]), [['Atalan Jackal', 4, 2], ['Atalan Wolfquad', 1, 4]]);
    assert.strictEqual(t.target.stealth, true, 'Atalan Jackals have Stealth');
    assert.strictEqual(t.points, 85);
    // Without the Leader's FNP: a unit alone keeps its own profile.
    assert.ok(t.target.groups!.every((x) => !x.fnp && !x.attached && !x.character));
  });

  it('a real list: Hyperadapted Raveners (Prime W6 + 4 Ravener W3) as two groups, fewer wounds first', function () {
    requireShared(this, 'lists', 'gwapp_tyranids_2.txt');
    const r = rules.call(this);
    const list = parseArmyList(fs.readFileSync(sharedPath('lists', 'gwapp_tyranids_2.txt'), 'utf8'));
    const rav = listTargets(list, resolveList(list, r).sheetOf).find((t) => t.name === 'Hyperadapted Raveners')!;
    assert.ok(rav, 'the Raveners are a target');
    assert.deepStrictEqual(rav.target.groups!.map((x) => [x.name, x.models, x.T, x.Sv, x.W]), [['Raveners', 4, 5, 4, 3], ['Ravener Prime', 1, 5, 4, 6]]);
    const perModel = rav.points / 5;
    assert.ok(rav.target.groups!.every((x) => x.pointsPerModel === perModel));
  });
});

describe('matchup: an 11th-edition list\'s Attached Units block', () => {
  it('each Bodyguard with its Leader is one target: groups, flags, points (gwapp11_worldeaters_2 with BSData 11e + MFM v1.1)', function () {
    requireShared(this, 'lists-11e', 'gwapp11_worldeaters_2.txt');
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const list = parseArmyList(fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt'), 'utf8'));
    const p = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
    p.ensureList(list, 11);
    const ts = listTargets(list, resolveList(list, new RulesIndex(p.rulesFor(11))).sheetOf);
    // Three Attached Units blocks plus a Leading-free fourth pair: the Leaders are no targets of their own.
    const led = ts.filter((t) => t.units.length > 1).map((t) => t.name);
    assert.deepStrictEqual(led.slice(0, 3), ['Khorne Berzerkers + Khârn the Betrayer', 'Exalted Eightbound + Slaughterbound', 'Khorne Berzerkers + Lord Invocatus']);
    assert.ok(!ts.some((t) => /^(Khârn|Slaughterbound|Lord Invocatus)/.test(t.name)));
    const kharn = ts[0];
    assert.strictEqual(kharn.points, 115 + 170);
    // Champion and Berzerkers share a profile (T4 3+ W2): one group of 10 at 17 points; Khârn after them.
    assert.deepStrictEqual(kharn.target.groups!.map((g) => [g.name, g.models, g.T, g.Sv, g.W, !!g.character, !!g.attached, g.pointsPerModel]), [
      ['Khorne Berzerkers', 10, 4, 3, 2, false, false, 17],
      ['Khârn the Betrayer', 1, 4, 3, 5, true, true, 115],
    ]);
  });
});

describe('matchup: a real pair of lists', function () {
  this.timeout(60000);
  const files = ['gwapp_gsc_1.txt', 'gwapp_tyranids_2.txt'];
  const load = (ctx: Mocha.Context) => {
    for (const f of files) requireShared(ctx, 'lists', f);
    const r = rules.call(ctx);
    const [a, b] = files.map((f) => parseArmyList(fs.readFileSync(sharedPath('lists', f), 'utf8')));
    return { r, a, b };
  };

  it('each cell equals the engine run on that unit against the target built separately', function () {
    const { r, a, b } = load(this);
    const m = computeMatchup({ list: a, rules: r, edition: 10 }, { list: b, rules: r, edition: 10 });
    assert.ok(m.forward.attackers.length >= 15, `GSC attackers: ${m.forward.attackers.length}`);
    assert.strictEqual(m.forward.defenders.length, b.units.length, 'no Tyranid unit is led: one target per unit');
    assert.ok(m.reverse.attackers.length >= 10 && m.reverse.defenders.length === a.units.length);
    let checked = 0;
    for (const [dir, att, def] of [['forward', a, b], ['reverse', b, a]] as const) {
      const d = m[dir];
      for (const p of d.pairs) {
        // Independent of targetUnit.ts: the target's groups from the datasheet's model profiles by hand, its Feel
        // No Pain and Stealth from the ability names, and the attacker's weapons chosen against that target.
        const unit = def.units[p.defenderIndex];
        const ds = r.datasheet(unit.name.text, def.faction?.text)!;
        const pts = unit.points!.value;
        const n = unit.models.reduce((s, g) => s + g.count, 0);
        const fnp = ds.abilities.map((x) => /^feel no pain (\d)\+$/i.exec(x.name.trim())).find(Boolean);
        const keywords = [...ds.keywords, ...ds.factionKeywords].map((k) => k.toUpperCase());
        const byProfile = new Map<string, TargetGroup>();
        for (const mg of unit.models) {
          const prof = ds.models.find((x) => x.name.toLowerCase() === mg.name.text.toLowerCase().replace(/s$/, '')) ?? ds.models[0];
          const g: TargetGroup = byProfile.get(prof.name) ?? { name: prof.name, models: 0, T: prof.T, Sv: prof.Sv, W: prof.W, keywords, pointsPerModel: pts / n };
          if (prof.invuln) g.invuln = prof.invuln;
          if (fnp) g.fnp = Number(fnp[1]);
          g.models += mg.count;
          byProfile.set(prof.name, g);
        }
        const groups = [...byProfile.values()].sort((x, y) => x.W - y.W);
        const stealth = ds.abilities.some((x) => /^stealth$/i.test(x.name.trim()));
        const target = groupedTarget(groups, stealth ? { stealth: true } : {});
        const attUnit = att.units[p.attackerIndex];
        const sheet = r.datasheet(attUnit.name.text, att.faction?.text)!;
        const own = computeUnitDamage({ ...unitPhaseInput(loadoutGroups(attUnit, sheet), sheet, target, p.phase), damageDist: false });
        const msg = `${dir} ${p.attacker} → ${p.defender} (${p.phase})`;
        assert.ok(Math.abs(own.damage - p.damage) < 1e-9, `${msg}: damage ${own.damage} vs ${p.damage}`);
        assert.ok(Math.abs(own.modelsSlain - p.modelsSlain) < 1e-9, `${msg}: slain`);
        assert.ok(Math.abs(own.pWipe - p.pWipe) < 1e-9, `${msg}: wipe`);
        const removed = own.groupsSlain ? own.groupsSlain.reduce((s, g) => s + g.modelsSlain * (pts / n), 0) : (own.modelsSlain * pts) / n;
        assert.ok(Math.abs(removed - p.pointsRemoved) < 1e-6, `${msg}: points removed ${removed} vs ${p.pointsRemoved}`);
        assert.ok(Math.abs(p.share - p.pointsRemoved / pts) < 1e-9);
        checked++;
      }
    }
    assert.ok(checked > 400, `${checked} cells checked`);
  });

  it('the façade: an opponent set, the matchup answers; the lens names an opponent unit; the text is readable', function () {
    const { r } = load(this);
    const service = createLanguageService({ rules: r.data });
    const text = fs.readFileSync(sharedPath('lists', files[0]), 'utf8');
    const doc = TextDocument.create('file:///lists/gsc.txt', 'army-list', 1, `OPPONENT: tyranids.txt\n${text}`);
    const theirs = TextDocument.create('file:///lists/tyranids.txt', 'army-list', 1, fs.readFileSync(sharedPath('lists', files[1]), 'utf8'));
    assert.strictEqual(service.matchup(doc), null, 'no opponent set yet');
    service.setOpponent(doc.uri, { doc: theirs });
    const m = service.matchup(doc)!;
    assert.ok(m.forward.pairs.length > 100);
    assert.ok(!service.diagnostics(doc).some((d) => String(d.code).startsWith('opponent-')));
    const lenses = service.codeLenses(doc);
    assert.strictEqual(lenses.length, m.forward.attackers.length, 'one lens per unit with weapons');
    const lens = lenses[0];
    const names = new Set(m.forward.defenders.map((d) => d.name));
    const first = /— (?:Shooting|Fight) vs (.+?)(?: ×\d+)?(?: · |$)/.exec(lens.command!.title)![1];
    for (const l of lenses) assert.doesNotMatch(l.command!.title, /not computed/);
    // Identical opponent units are named once, counted.
    // (the Tyranid list has two identical Raveners units: a lens naming them says so once)
    assert.ok(lenses.some((l) => / · Raveners ×2: /.test(l.command!.title)), lenses.map((l) => l.command!.title).join('\n'));
    assert.ok(!lenses.some((l) => /Raveners: .* Raveners: /.test(l.command!.title)));
    assert.ok(names.has(first), `the lens names an opponent unit: ${lens.command!.title}`);
    assert.ok(lens.command!.title.length <= 100);
    assert.deepStrictEqual(lens.command!.arguments![3], { together: true, vs: 'opponent' });
    // The pair's breakdown.
    const b = service.damageBreakdown(doc, lens.command!.arguments![1] as number, lens.command!.arguments![2] as number, { vs: 'opponent' })!;
    assert.strictEqual(b.target.name, first);
    const rb = service.damageBreakdown(doc, m.reverse.attackers[0].index, 0, { vs: 'reverse' })!;
    assert.strictEqual(rb.unit.name, m.reverse.attackers[0].name);
    assert.strictEqual(rb.target.name, m.reverse.defenders[0].name);
    const t = matchupText(m, 'forward');
    assert.match(t, /^gsc\.txt \(Genestealer Cults, Xenocreed Congregation, \d+ pts\) against tyranids\.txt \(Tyranids/);
    assert.match(t, /\n {2}vs .+ #\d+ \(\d+ pts\): (Shooting|Fight) \d+\.\d dmg, \d+\.\d slain, \d+\.\d pts \(\d+%\), P\(wipe\) \d+%/);
  });

  it('the OPPONENT line: missing file, not a list, no path', function () {
    const service = createLanguageService();
    const doc = TextDocument.create('file:///a.txt', 'army-list', 1, 'OPPONENT: ../b.txt\nAtalan Jackals (85 Points)\n');
    service.setOpponent(doc.uri, { error: 'no such file' });
    const d = service.diagnostics(doc).find((x) => x.code === 'opponent-unreadable')!;
    assert.deepStrictEqual([d.range.start, d.range.end], [{ line: 0, character: 10 }, { line: 0, character: 18 }]);
    assert.match(d.message, /"\.\.\/b\.txt" cannot be read: no such file/);
    service.setOpponent(doc.uri, { doc: TextDocument.create('file:///b.txt', 'army-list', 1, 'hello\nworld\n') });
    assert.match(service.diagnostics(doc).find((x) => x.code === 'opponent-unreadable')!.message, /is not an army list/);
    const hover = service.hover(doc, { line: 0, character: 3 })!;
    assert.match((hover.contents as { value: string }).value, /not an army list/);
    const none = TextDocument.create('file:///c.txt', 'army-list', 1, 'OPPONENT:\nAtalan Jackals (85 Points)\n');
    const e = service.diagnostics(none).find((x) => x.code === 'opponent-syntax')!;
    assert.strictEqual(e.range.start.line, 0);
  });
});

describe('matchup: an edit recomputes only the pairs of the units it changed', () => {
  it('with the per-pair cache, a changed unit\'s pairs (as attacker and as target) are the only new results', () => {
    const example = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
    const unit = example.slice(example.indexOf('Atalan Jackals\n'));
    const two = `${example}\n${unit}`;
    const rules = new RulesIndex(loadEmbeddedRules());
    const counted = countingCache();
    const damage = counted.damage;
    const theirs = { list: parseArmyList(example), rules, edition: 10 as const };
    const run = (text: string) => computeMatchup({ list: parseArmyList(text), rules, edition: 10 }, theirs, { damage });
    const m1 = run(two);
    // Two identical units: their pairs share results (the cache key is the loadout, target and conditions).
    assert.strictEqual(m1.forward.pairs.length + m1.reverse.pairs.length, 8);
    // The lists are the same army: my Jackals against theirs and theirs against mine are the same pair (loadout,
    // target, conditions), so 2 results serve all 8 pairs.
    assert.strictEqual(counted.fresh, 2, 'one loadout × one target × 2 phases');
    counted.fresh = 0;
    const m2 = run(two);
    assert.strictEqual(counted.fresh, 0, 'nothing changed: all cached');
    assert.deepStrictEqual(m2, m1);
    // The second unit loses a Jackal: its attacks and its target profile change, the first unit's stay cached.
    const edited = `${example}\n${unit.replace('4x Atalan Jackal', '3x Atalan Jackal').replace(/4x Atalan/g, '3x Atalan')}`;
    counted.fresh = 0;
    const m3 = run(edited);
    assert.strictEqual(counted.fresh, 4, 'the edited unit attacking (2 phases) and attacked (2 phases)');
    const unchanged = (p: { attackerIndex: number; defenderIndex: number }) => p.attackerIndex === 0 && p.defenderIndex === 0;
    assert.deepStrictEqual(m3.forward.pairs.filter(unchanged), m1.forward.pairs.filter(unchanged));
    assert.ok(m3.forward.pairs.find((p) => p.attackerIndex === 1)!.damage < m1.forward.pairs.find((p) => p.attackerIndex === 1)!.damage);
  });
});

describe('matchup: the lenses and the matchup share the pair cache (issue 24: the view took 3.2 s to open)', () => {
  it('after the lenses against the opponent, the forward direction computes nothing new; a condition off is no condition', () => {
    const example = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
    const rules = new RulesIndex(loadEmbeddedRules());
    const counted = countingCache();
    const damage = counted.damage;
    const yours = { list: parseArmyList(example), rules, edition: 10 as const };
    const theirs = { list: parseArmyList(example.replace('4x Atalan Jackal', '3x Atalan Jackal')), rules, edition: 10 as const };
    const doc = TextDocument.create('file:///a.army', 'army-list', 1, example);
    codeLenses(doc, yours.list, rules, damage, undefined, sideTargets(theirs));
    assert.ok(counted.fresh > 0, 'the lenses computed');
    counted.fresh = 0;
    const m = computeMatchup(yours, theirs, { damage, directions: ['forward'] });
    assert.ok(m.forward.pairs.length > 0);
    assert.strictEqual(counted.fresh, 0, 'every forward pair was the lenses\' result');
    // Every toggle off is the empty context (the lenses' own); one on is the only key.
    assert.deepStrictEqual(conditionContext({}), {});
    assert.deepStrictEqual(conditionContext({ cover: true, charged: false }), { targetInCover: true });
  });
});

describe('matchup: an 11th-edition pair (World Eaters v Orks): attached units attack together, identical units numbered (issue 24)', function () {
  this.timeout(60000);
  it('a Leader and its Bodyguard are one row on both sides; identical units are numbered; the row\'s breakdown is the cell', function () {
    for (const f of ['gwapp11_worldeaters_2.txt', 'gwapp11_orks_1.txt']) requireShared(this, 'lists-11e', f);
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'data', 'mfm-11e', 'v1.1');
    const service = createLanguageService();
    const doc = TextDocument.create('file:///l/we.txt', 'army-list', 1, `OPPONENT: orks.txt\n${fs.readFileSync(sharedPath('lists-11e', 'gwapp11_worldeaters_2.txt'), 'utf8')}`);
    const theirs = TextDocument.create('file:///l/orks.txt', 'army-list', 1, fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8'));
    const p = new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] });
    p.ensureList(service.parse(doc), 11);
    p.ensureList(service.parse(theirs), 11);
    service.setRules(p.rulesFor(11), 11);
    service.setOpponent(doc.uri, { doc: theirs });
    const m = service.matchup(doc)!;
    const rows = m.forward.attackers.map((a) => a.label);
    // Yours: Khârn attacks with his Berzerkers (the Attached Units block), not as a row of his own.
    assert.ok(rows.includes('Khorne Berzerkers + Khârn the Betrayer'), rows.join(' | '));
    assert.ok(!rows.includes('Khârn the Betrayer'), rows.join(' | '));
    // Theirs, in the other direction, the same way.
    const theirRows = m.reverse.attackers.map((a) => a.label);
    assert.ok(theirRows.includes('Squighog Boyz + Beastboss on Squigosaur'), theirRows.join(' | '));
    assert.ok(!theirRows.includes('Beastboss on Squigosaur'));
    // The row and the column of one attached unit bear the same name (it attacks and is attacked as one).
    assert.deepStrictEqual(m.reverse.attackers.map((a) => a.name).filter((n) => n.includes(' + ')), m.forward.defenders.map((d) => d.name).filter((n) => n.includes(' + ')));
    // Identical units, numbered in list order on both sides.
    assert.ok(rows.includes('Chaos Rhino (1)') && rows.includes('Chaos Rhino (2)'), rows.join(' | '));
    const cols = m.forward.defenders.map((d) => d.label);
    assert.deepStrictEqual(cols.filter((c) => c.startsWith('Trukk')), ['Trukk (1)', 'Trukk (2)']);
    assert.strictEqual(new Set(cols).size, cols.length, 'every column tells itself apart');
    assert.strictEqual(new Set(theirRows).size, theirRows.length, 'every row tells itself apart');
    // A combined row's cell opens the combined unit's breakdown: the same expected damage.
    const row = m.forward.attackers.find((a) => a.name === 'Khorne Berzerkers + Khârn the Betrayer')!;
    const pair = m.forward.pairs.find((x) => x.attackerIndex === row.index && x.phase === 'fight')!;
    const b = service.damageBreakdown(doc, row.index, pair.targetIndex, { vs: 'opponent', together: true })!;
    assert.strictEqual(b.unit.name, row.name);
    assert.ok(Math.abs(b.phases.find((x) => x.phase === 'fight')!.total.damage - pair.damage) < 1e-9);
    assert.strictEqual(b.targets[pair.targetIndex].name, m.forward.defenders[pair.targetIndex].label);
    // The lens tooltip tells the opponent's identical units apart too.
    const tip = (service.codeLenses(doc)[0].command as { tooltip?: string }).tooltip ?? '';
    assert.match(tip, /^vs Trukk \(1\): /m);
    assert.match(tip, /^vs Trukk \(2\): /m);
    // Without `together` (a lens), the unit alone.
    assert.strictEqual(service.damageBreakdown(doc, row.index, pair.targetIndex, { vs: 'opponent' })!.unit.name, 'Khorne Berzerkers');
  });
});

/** The façade's per-pair cache, counting the results it had to compute (`fresh`, reset by the test). */
function countingCache(): { damage: (input: UnitDamageInput) => UnitDamageResult; fresh: number } {
  const cache = createUnitDamageCache(4096);
  const seen = new Set<UnitDamageResult>();
  const counted = {
    fresh: 0,
    damage: (input: UnitDamageInput) => {
      const r = cache(input);
      if (!seen.has(r)) counted.fresh++;
      seen.add(r);
      return r;
    },
  };
  return counted;
}
