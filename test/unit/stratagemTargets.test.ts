// The reader of TARGET/RESTRICTIONS texts: the seed's eight stratagems, a table of
// hand-written texts in the styles real exports use, and eligibility by keywords.
import * as assert from 'assert';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import type { Datasheet, Stratagem } from '../../server/src/service/domain/rules/model';
import { explain, readTargetText, satisfies, TargetSpec } from '../../server/src/service/domain/stratagems/targetText';
import { canTarget, eligibleDatasheets, stratagemTargetSpec } from '../../server/src/service/domain/stratagems/eligibility';

const rules = loadEmbeddedRules();
const byName = (n: string): Stratagem => {
  const s = rules.stratagems.find((x) => x.name === n);
  assert.ok(s, `seed stratagem ${n}`);
  return s;
};

/** The parts of a spec a test states. */
function summary(s: TargetSpec) {
  return { count: s.count, subject: s.subject, side: s.side, fromWhen: s.fromWhen, requirement: explain(s.requirement), situational: s.situational, limits: s.limits };
}

describe('stratagem TARGET reader: the seed stratagems', () => {
  it('has the eight seed stratagems', () => {
    assert.strictEqual(rules.stratagems.length, 8);
  });

  const expected: Record<string, ReturnType<typeof summary>> = {
    'POINT-BLANK AMBUSH': {
      count: { kind: 'one' }, subject: 'unit', side: 'own', fromWhen: false, requirement: 'GENESTEALER CULTS',
      situational: ['that has not been selected to shoot or fight this phase'], limits: {},
    },
    'SWARM THE OPPRESSORS': {
      count: { kind: 'oneOrMore' }, subject: 'unit', side: 'own', fromWhen: false, requirement: 'GENESTEALER CULTS', situational: [], limits: {},
    },
    'COMMAND RE-ROLL': {
      count: { kind: 'one' }, subject: 'unitOrModel', side: 'own', fromWhen: true, requirement: 'any', situational: [], limits: {},
    },
    'INSANE BRAVERY': {
      count: { kind: 'one' }, subject: 'unit', side: 'own', fromWhen: true, requirement: 'any', situational: [], limits: { perBattle: 1 },
    },
    'FIRE OVERWATCH': {
      count: { kind: 'one' }, subject: 'unit', side: 'own', fromWhen: false, requirement: 'not TITANIC',
      situational: ['that is within 24" of that enemy unit', 'that would be eligible to shoot if it were your Shooting phase'], limits: { perTurn: 1 },
    },
    'RAPID INGRESS': {
      count: { kind: 'one' }, subject: 'unit', side: 'own', fromWhen: false, requirement: 'any', situational: ['that is in Reserves'], limits: {},
    },
    'HEROIC INTERVENTION': {
      count: { kind: 'one' }, subject: 'unit', side: 'own', fromWhen: false, requirement: 'not VEHICLE unless WALKER',
      situational: ['that is within 6" of that enemy unit', 'would be eligible to declare a charge against that enemy unit if it were your Charge phase'], limits: {},
    },
    'COUNTER-OFFENSIVE': {
      count: { kind: 'one' }, subject: 'unit', side: 'own', fromWhen: false, requirement: 'any',
      situational: ['that is within Engagement Range of one or more enemy units', 'that has not already been selected to fight this phase'], limits: {},
    },
  };
  for (const [name, want] of Object.entries(expected)) {
    it(`reads ${name}`, () => {
      assert.deepStrictEqual(summary(stratagemTargetSpec(byName(name))), want);
    });
  }

  it('keeps the unparsed RESTRICTIONS sentences as notes (Fire Overwatch hits on 6, Rapid Ingress timing)', () => {
    const fo = stratagemTargetSpec(byName('FIRE OVERWATCH'));
    assert.strictEqual(fo.notes.length, 1);
    assert.match(fo.notes[0], /unmodified Hit roll of 6/);
    const ri = stratagemTargetSpec(byName('RAPID INGRESS'));
    assert.deepStrictEqual(ri.notes.length, 1);
    assert.match(ri.notes[0], /^You cannot use this Stratagem to enable a unit to arrive/);
  });

  it('undoes the seed glue "GENESTEALER CULTSunits"', () => {
    const s = readTargetText('One or more GENESTEALER CULTSunits from your army.');
    assert.strictEqual(explain(s.requirement), 'GENESTEALER CULTS');
    assert.deepStrictEqual(s.count, { kind: 'oneOrMore' });
  });

  it('finds every seed stratagem usable on the seed Atalan Jackals, and the Jackals in no wrong set', () => {
    const jackals = rules.datasheets;
    for (const s of rules.stratagems) assert.deepStrictEqual(eligibleDatasheets(s, jackals).map((d) => d.name), ['Atalan Jackals'], s.name);
  });
});

/** Hand-written TARGET (and RESTRICTIONS) texts in the styles of real exports, with the reading expected. */
const TABLE: { target: string; restrictions?: string; when?: string; explain: string; count?: TargetSpec['count']; subject?: TargetSpec['subject']; side?: TargetSpec['side']; situational?: number }[] = [
  { target: 'One TAU EMPIRE unit from your army.', explain: 'TAU EMPIRE' },
  { target: 'One INFANTRY or MOUNTED unit from your army.', explain: 'INFANTRY or MOUNTED' },
  { target: 'One BIKER, JUMP PACK or MOUNTED unit from your army.', explain: 'BIKER or JUMP PACK or MOUNTED' },
  // Connectives in capitals, as BSData prints some eligibility texts.
  { target: 'One MAGUS, PRIMUS OR ACOLYTE ICONWARD model.', explain: 'MAGUS or PRIMUS or ACOLYTE ICONWARD', subject: 'model' },
  { target: 'One GENESTEALER CULTS INFANTRY or MOUNTED unit from your army (excluding TITANIC units).', explain: 'GENESTEALER CULTS and (INFANTRY or MOUNTED), not TITANIC' },
  { target: 'One HERETIC ASTARTES INFANTRY unit from your army.', explain: 'HERETIC ASTARTES and INFANTRY' },
  { target: 'One ORKS unit from your army (excluding MONSTERS and VEHICLES) that is within 6" of an objective marker.', explain: 'ORKS, not MONSTER, not VEHICLE', situational: 1 },
  { target: 'One AELDARI unit from your army that is not a VEHICLE.', explain: 'AELDARI, not VEHICLE' },
  { target: 'One NECRONS unit from your army that is not a TITANIC unit and that has not been selected to shoot this phase.', explain: 'NECRONS, not TITANIC', situational: 1 },
  { target: 'One unit from your army.', explain: 'any' },
  { target: 'One or more SPACE WOLVES units from your army.', explain: 'SPACE WOLVES', count: { kind: 'oneOrMore' } },
  { target: 'Up to two units from your army that are in Reserves.', explain: 'any', count: { kind: 'upTo', n: 2 }, situational: 1 },
  { target: 'Up to three DRUKHARI INFANTRY units from your army.', explain: 'DRUKHARI and INFANTRY', count: { kind: 'upTo', n: 3 } },
  { target: 'Two LEAGUES OF VOTANN units from your army.', explain: 'LEAGUES OF VOTANN', count: { kind: 'exactly', n: 2 } },
  { target: 'That unit from your army.', explain: 'any' },
  { target: 'That unit.', when: 'Your Shooting phase, just after a BLOOD ANGELS unit from your army (excluding VEHICLE units) has shot.', explain: 'BLOOD ANGELS, not VEHICLE' },
  { target: 'One ADEPTA SORORITAS CHARACTER model from your army.', explain: 'ADEPTA SORORITAS and CHARACTER', subject: 'model' },
  { target: 'One CHARACTER unit from your army.', explain: 'CHARACTER' },
  { target: 'One unit from your army (excluding TITANIC units).', explain: 'not TITANIC' },
  { target: 'One GREY KNIGHTS unit from your army.', restrictions: 'You cannot target a TITANIC unit with this Stratagem.', explain: 'GREY KNIGHTS, not TITANIC' },
  { target: 'One IMPERIAL KNIGHTS unit from your army.', restrictions: 'You can only select a VEHICLE unit from your army if it is a WALKER.', explain: 'IMPERIAL KNIGHTS, not VEHICLE unless WALKER' },
  // The same restriction in brackets inside the TARGET text (CUT DOWN THE WEAK).
  { target: 'One EMPEROR\'S CHILDREN unit from your army (you can only select a VEHICLE if it is a WALKER) that is within 6" of that enemy unit.', explain: 'EMPEROR\'S CHILDREN, not VEHICLE unless WALKER', situational: 1 },
  { target: 'One unit from your army that is within Engagement Range of one or more enemy units.', explain: 'any', situational: 1 },
  { target: 'One enemy MONSTER or VEHICLE unit within 12" of your unit.', explain: 'any', side: 'enemy', situational: 1 },
  { target: 'One WORLD EATERS unit from your army that is within 6" of that enemy VEHICLE unit.', explain: 'WORLD EATERS', situational: 1 },
  { target: 'One ASTRA MILITARUM and one GENESTEALER CULTS unit from your army.', explain: 'ASTRA MILITARUM or GENESTEALER CULTS', count: { kind: 'exactly', n: 2 } },
  { target: 'One ADEPTUS MECHANICUS MOUNTED or ADEPTUS MECHANICUS VEHICLE unit from your army.', explain: 'ADEPTUS MECHANICUS and (MOUNTED or VEHICLE)' },
  { target: 'One of your active Secondary Mission cards.', explain: 'any', subject: 'other', situational: 1 },
  { target: 'One TYRANIDS unit from your army (excluding units that Advanced this turn).', explain: 'TYRANIDS', situational: 1 },
  { target: 'One KHORNE or SLAANESH unit from your army, or one other CHAOS DAEMONS unit from your army.', explain: 'KHORNE or SLAANESH or CHAOS DAEMONS' },
];

describe('stratagem TARGET reader: hand-written texts', () => {
  for (const row of TABLE) {
    it(`${row.target}${row.restrictions ? ` / ${row.restrictions}` : ''} → ${row.explain}`, () => {
      const s = readTargetText(row.target, row.restrictions, undefined, row.when);
      assert.strictEqual(explain(s.requirement), row.explain);
      assert.deepStrictEqual(s.count, row.count ?? { kind: 'one' });
      assert.strictEqual(s.subject, row.subject ?? 'unit');
      assert.strictEqual(s.side, row.side ?? 'own');
      assert.strictEqual(s.situational.length, row.situational ?? 0, JSON.stringify(s.situational));
    });
  }

  it('reads use limits from RESTRICTIONS', () => {
    const lim = (r: string) => readTargetText('One unit from your army.', r).limits;
    assert.deepStrictEqual(lim('You cannot use this Stratagem more than once per battle.'), { perBattle: 1 });
    assert.deepStrictEqual(lim('You can only use this Stratagem once per turn.'), { perTurn: 1 });
    assert.deepStrictEqual(lim('You can only use this Stratagem once per phase.'), { perPhase: 1 });
    assert.deepStrictEqual(lim('You can only use this Stratagem once per battle round.'), { perRound: 1 });
    assert.deepStrictEqual(lim('You can only use this Stratagem once.'), { perBattle: 1 });
    assert.deepStrictEqual(lim('You can only use this Stratagem twice per battle.'), { perBattle: 2 });
    // A limit on one target is not a limit on the stratagem.
    assert.deepStrictEqual(lim('You cannot target the same model with this Stratagem more than once per battle.'), {});
  });
});

describe('stratagem TARGET reader: satisfies()', () => {
  const req = (t: string, r?: string) => readTargetText(t, r).requirement;
  it('ANDs a faction keyword and a type, ORs alternatives, NOTs exclusions', () => {
    const e = req('One GENESTEALER CULTS INFANTRY or MOUNTED unit from your army (excluding TITANIC units).');
    assert.ok(satisfies(e, ['GENESTEALER CULTS', 'MOUNTED', 'ATALAN JACKALS']));
    assert.ok(satisfies(e, ['Genestealer Cults', 'Infantry']), 'case is folded');
    assert.ok(!satisfies(e, ['GENESTEALER CULTS', 'VEHICLE']));
    assert.ok(!satisfies(e, ['TYRANIDS', 'INFANTRY']));
    assert.ok(!satisfies(e, ['GENESTEALER CULTS', 'MOUNTED', 'TITANIC']));
  });
  it('reads plurals in exclusions against singular keywords', () => {
    const e = req('One unit from your army (excluding MONSTERS and VEHICLES).');
    assert.ok(!satisfies(e, ['MONSTER']));
    assert.ok(!satisfies(e, ['VEHICLE', 'WALKER']));
    assert.ok(satisfies(e, ['INFANTRY']));
  });
  it('applies "only a VEHICLE if it is a WALKER"', () => {
    const e = req('One unit from your army.', 'You can only select a VEHICLE unit from your army if it is a WALKER.');
    assert.ok(satisfies(e, ['VEHICLE', 'WALKER']));
    assert.ok(!satisfies(e, ['VEHICLE', 'TRANSPORT']));
    assert.ok(satisfies(e, ['INFANTRY']));
  });
  it('matches a keyword phrase the unit holds as several keywords', () => {
    const e = readTargetText('That INFANTRY unit.', undefined, undefined, 'Just after an ASTRA MILITARUM INFANTRY REGIMENT unit from your army (excluding ARTILLERY units) is destroyed.').requirement;
    assert.ok(satisfies(e, ['ASTRA MILITARUM', 'INFANTRY', 'REGIMENT']));
    assert.ok(!satisfies(e, ['ASTRA MILITARUM', 'INFANTRY', 'SQUAD']));
    assert.ok(!satisfies(e, ['ASTRA MILITARUM', 'INFANTRY', 'REGIMENT', 'ARTILLERY']));
  });
  it('does not take a keyword after "that enemy" for a requirement', () => {
    assert.strictEqual(req('One unit from your army that is within 8" of that enemy VEHICLE unit.'), true);
  });
});

describe('stratagem eligibility', () => {
  const ds = (name: string, factionKeywords: string[], keywords: string[]): Datasheet => ({
    id: name, name, factionKeywords, keywords, models: [], composition: [], points: [], weapons: [], abilities: [], leads: [], ledBy: [], epicHero: false,
    source: { file: 'test' },
  });
  const sheets = [
    ds('Cult Tank', ['GENESTEALER CULTS'], ['VEHICLE', 'TRANSPORT']),
    ds('Cult Walker', ['GENESTEALER CULTS'], ['VEHICLE', 'WALKER']),
    ds('Cult Titan', ['GENESTEALER CULTS'], ['VEHICLE', 'TITANIC']),
    ds('Cult Squad', ['GENESTEALER CULTS'], ['INFANTRY', 'GRENADES']),
    ds('Bug Swarm', ['TYRANIDS'], ['SWARM']),
    ds('Guard Squad', ['ASTRA MILITARUM'], ['INFANTRY']),
  ];
  const strat = (name: string, target: string, faction?: string, restrictions?: string): Stratagem => ({
    id: name, name, cp: 1, category: 'Strategic Ploy', when: 'Your Shooting phase.', target, effect: '', ...(faction ? { faction, detachment: 'X' } : {}), ...(restrictions ? { restrictions } : {}),
    source: { file: 'test' },
  });
  const names = (s: Stratagem) => eligibleDatasheets(s, sheets).map((d) => d.name);

  it('applies the seed Heroic Intervention and Fire Overwatch texts', () => {
    assert.deepStrictEqual(names(byName('HEROIC INTERVENTION')), ['Cult Walker', 'Cult Squad', 'Bug Swarm', 'Guard Squad']);
    assert.deepStrictEqual(names(byName('FIRE OVERWATCH')), ['Cult Tank', 'Cult Walker', 'Cult Squad', 'Bug Swarm', 'Guard Squad']);
  });
  it('keeps detachment stratagems to the detachment faction, Core ones to all', () => {
    assert.deepStrictEqual(names(strat('ANY', 'One unit from your army.', 'GENESTEALER CULTS')), ['Cult Tank', 'Cult Walker', 'Cult Titan', 'Cult Squad']);
    assert.strictEqual(names(strat('ANY CORE', 'One unit from your army.')).length, sheets.length);
  });
  it('accepts an allied faction the TARGET text names itself', () => {
    assert.deepStrictEqual(names(strat('ALLIES', 'One ASTRA MILITARUM unit from your army.', 'GENESTEALER CULTS')), ['Guard Squad']);
  });
  it('finds no datasheet for a stratagem that targets a card or an enemy unit', () => {
    assert.deepStrictEqual(names(strat('CARD', 'One of your active Secondary Mission cards.')), []);
    assert.deepStrictEqual(names(strat('FOE', 'One enemy unit within 12" of your unit.')), []);
    assert.ok(!canTarget(strat('FOE', 'One enemy MONSTER unit.'), sheets[4]));
  });
});

describe('stratagem TARGET reader: the kinds of target issue 18 adds (self-written texts in the export styles)', () => {
  const facts = (keywords: string[], extra: Partial<{ names: string[]; abilities: string[]; attachable: boolean }> = {}) => ({ keywords, ...extra });

  it('named models: "One Wolf Guard Headtaker or Wolf Guard Terminator Pack Leader model" checks model names, plural aside', () => {
    const spec = readTargetText('One Wolf Guard Headtaker or Wolf Guard Terminator Pack Leader model from your army.');
    assert.strictEqual(spec.subject, 'model');
    assert.strictEqual(explain(spec.requirement), 'a Wolf Guard Headtaker model or a Wolf Guard Terminator Pack Leader model');
    assert.ok(satisfies(spec.requirement, facts(['ADEPTUS ASTARTES'], { names: ['Wolf Guard Headtakers', 'Hunting Wolves'] })));
    assert.ok(satisfies(spec.requirement, facts(['ADEPTUS ASTARTES'], { names: ['Wolf Guard Terminators', 'Wolf Guard Terminator Pack Leader'] })));
    assert.ok(!satisfies(spec.requirement, facts(['ADEPTUS ASTARTES'], { names: ['Intercessor Squad', 'Intercessor Sergeant'] })));
    // Keywords alone cannot refute a name.
    assert.ok(satisfies(spec.requirement, ['ADEPTUS ASTARTES']));
  });

  it('two targets: one part each, in order, the count is their sum; "and one enemy unit" adds no part', () => {
    const spec = readTargetText('One ADEPTUS ASTARTES TRANSPORT unit from your army that has no models embarked within it, and one ADEPTUS ASTARTES INFANTRY unit from your army wholly within 6" of that TRANSPORT.');
    assert.deepStrictEqual(spec.parts?.map((p) => [explain(p.requirement), p.count.kind]), [['ADEPTUS ASTARTES and TRANSPORT', 'one'], ['ADEPTUS ASTARTES and INFANTRY', 'one']]);
    assert.deepStrictEqual(spec.count, { kind: 'exactly', n: 2 });
    const upTo = readTargetText('Up to one SHADOW LEGION HERETIC ASTARTES unit from your army and up to one SHADOW LEGION LEGIONES DAEMONICA unit from your army. You can only select units that arrived from Reserves this turn.');
    assert.deepStrictEqual(upTo.parts?.map((p) => explain(p.requirement)), ['SHADOW LEGION HERETIC ASTARTES', 'SHADOW LEGION LEGIONES DAEMONICA']);
    assert.deepStrictEqual(upTo.count, { kind: 'upTo', n: 2 });
    // A part without its own noun borrows the next one's.
    const shared = readTargetText('One ASTRA MILITARUM and one GENESTEALER CULTS unit from your army that have not been selected to shoot this phase.');
    assert.deepStrictEqual(shared.parts?.map((p) => explain(p.requirement)), ['ASTRA MILITARUM', 'GENESTEALER CULTS']);
    const enemy = readTargetText("One T'AU EMPIRE INFANTRY unit (excluding KROOT units) from your army that has just shot, and one enemy unit (excluding MONSTERS and VEHICLES) hit by one or more of those attacks.");
    assert.strictEqual(enemy.parts, undefined);
    assert.strictEqual(explain(enemy.requirement), "T'AU EMPIRE and INFANTRY, not KROOT");
    // "and one friendly TRANSPORT it is able to embark within": the first unit is one that embarks.
    const sky = readTargetText('One ASURYANI unit from your army and one friendly TRANSPORT it is able to embark within.');
    assert.deepStrictEqual(sky.parts?.map((p) => explain(p.requirement)), ['ASURYANI and a unit that can embark in a TRANSPORT (INFANTRY)', 'TRANSPORT']);
  });

  it('alternatives stay one requirement: "X unit or Y unit", "up to two A and/or B units, or one other C unit"', () => {
    const spec = readTargetText('One ADEPTUS ASTARTES INFANTRY unit or ADEPTUS ASTARTES MOUNTED unit from your army that is within 9" of that enemy unit.');
    assert.ok(satisfies(spec.requirement, ['ADEPTUS ASTARTES', 'MOUNTED']) && satisfies(spec.requirement, ['ADEPTUS ASTARTES', 'INFANTRY']));
    assert.ok(!satisfies(spec.requirement, ['ADEPTUS ASTARTES', 'VEHICLE']));
    const phobos = readTargetText('Up to two PHOBOS and/or SCOUT SQUAD units from your army, or one other ADEPTUS ASTARTES INFANTRY unit from your army.');
    assert.ok(satisfies(phobos.requirement, ['ADEPTUS ASTARTES', 'PHOBOS', 'VEHICLE', 'WALKER']));
    assert.strictEqual(phobos.parts, undefined);
  });

  it('a WARLORD is a CHARACTER', () => {
    const spec = readTargetText('Your NECRONS WARLORD.');
    assert.strictEqual(explain(spec.requirement), 'NECRONS and CHARACTER');
    assert.ok(!satisfies(spec.requirement, ['NECRONS', 'INFANTRY', 'BATTLELINE']));
    const when = readTargetText('That ADEPTUS CUSTODES WARLORD model.', undefined, undefined, 'Any phase, just after an ADEPTUS CUSTODES WARLORD model from your army has used an ability.');
    assert.ok(!satisfies(when.requirement, ['ADEPTUS CUSTODES', 'INFANTRY', 'BATTLELINE']));
    assert.ok(satisfies(when.requirement, ['ADEPTUS CUSTODES', 'INFANTRY', 'CHARACTER']));
  });

  it('an Attached unit is a Leader or a unit that can be led', () => {
    const spec = readTargetText('One DEATH GUARD Attached unit from your army that has not been selected to shoot or fight this phase.');
    assert.ok(satisfies(spec.requirement, facts(['DEATH GUARD', 'INFANTRY'], { attachable: true })));
    assert.ok(!satisfies(spec.requirement, facts(['DEATH GUARD', 'VEHICLE'], { attachable: false })));
  });

  it('a unit that disembarked from a TRANSPORT can embark (INFANTRY), from TARGET or from WHEN', () => {
    const t = readTargetText('One ASTRA MILITARUM unit from your army that disembarked from a TRANSPORT this turn and has not been selected to shoot this phase.');
    assert.ok(satisfies(t.requirement, ['ASTRA MILITARUM', 'INFANTRY']) && !satisfies(t.requirement, ['ASTRA MILITARUM', 'VEHICLE']));
    const w = readTargetText('That ADEPTUS ASTARTES unit.', undefined, undefined, 'Your Charge phase, just after you make a Charge roll for an ADEPTUS ASTARTES unit from your army that disembarked from a TRANSPORT this turn.');
    assert.ok(satisfies(w.requirement, ['ADEPTUS ASTARTES', 'INFANTRY']) && !satisfies(w.requirement, ['ADEPTUS ASTARTES', 'VEHICLE', 'TRANSPORT']));
  });

  it('"if all of its models have the Deep Strike ability" is checked against abilities', () => {
    const spec = readTargetText('One ASTRA MILITARUM unit from your army that is not within Engagement Range of one or more enemy units, if all of its models have the Deep Strike ability, or one VALKYRIE unit from your army that is not within Engagement Range of one or more enemy units.');
    assert.ok(satisfies(spec.requirement, facts(['ASTRA MILITARUM', 'INFANTRY'], { abilities: ['Deep Strike', 'Voice of Command'] })));
    assert.ok(!satisfies(spec.requirement, facts(['ASTRA MILITARUM', 'VEHICLE'], { abilities: ['Deadly Demise'] })));
    assert.ok(satisfies(spec.requirement, facts(['ASTRA MILITARUM', 'VALKYRIE', 'VEHICLE'], { abilities: [] })));
  });

  it('"One of those GREY KNIGHTS units" and "LEAGUES OF VOTANN" units named in WHEN', () => {
    const those = readTargetText('One of those GREY KNIGHTS units that is not within Engagement Range of one or more enemy units.', undefined, undefined,
      "Your opponent's Movement phase, just after an enemy unit within Engagement Range of one or more GREY KNIGHTS units from your army Falls Back.");
    assert.strictEqual(those.subject, 'unit');
    assert.strictEqual(explain(those.requirement), 'GREY KNIGHTS');
    const lov = readTargetText('That LEAGUES OF VOTANN unit.', undefined, undefined, 'Your Movement phase, just after a LEAGUES OF VOTANN unit from your army Falls Back.');
    assert.strictEqual(explain(lov.requirement), 'LEAGUES OF VOTANN');
  });

  it('a marker stays no unit: "Select one of those Cult Ambush markers"', () => {
    const spec = readTargetText('Select one of those Cult Ambush markers.', undefined, undefined, 'Any phase, just after an enemy unit ends a move within 9" of one or more of your Cult Ambush markers.');
    assert.strictEqual(spec.subject, 'other');
    const marker = readTargetText('One of those Cult Ambush markers.');
    assert.strictEqual(marker.subject, 'other');
  });
});
