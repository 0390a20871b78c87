// The embedded rules data (data/*.json): shape against its JSON Schema,
// content against the seed page it was transcribed from, and the typed
// accessor. The seed's values are parsed from the seed text itself, so a typo
// in the JSON fails here.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import Ajv from 'ajv';
import { repoRoot, sharedPath, requireShared } from '../support/shared';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import type { CoreRule, Datasheet, RulesData, Stratagem, WeaponProfile } from '../../server/src/service/domain/rules/model';

const SEED = '000_fb752c8e814ec456.txt';
const dataDir = path.join(repoRoot, 'data');
const schemaDir = path.join(dataDir, 'schema');

function readJson(file: string): any {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

const dataFiles = fs.readdirSync(dataDir).filter((f) => f.endsWith('.json')).sort();

// ---------------------------------------------------------------- seed parsing

interface SeedModel { name: string; base: string; M: string; T: number; Sv: number; W: number; Ld: number; OC: number }
interface SeedStratagem {
  name: string; cp: number; detachment?: string; category: string;
  flavor?: string; when?: string; target?: string; effect?: string; restrictions?: string;
}
interface Seed {
  title: string;
  models: SeedModel[];
  weapons: { name: string; profiles: WeaponProfile[] }[];
  abilities: { name: string; kind: string }[];
  keywords: string[];
  factionKeywords: string[];
  ledBy: string[];
  /** From the STRATAGEMS list and the stratagem bodies, merged by name. */
  stratagems: Map<string, SeedStratagem>;
  /** Seed line numbers the structured parse consumed (datasheet, stratagems). */
  consumed: Set<number>;
  lines: string[];
}

const target = (s: string): number => {
  const m = /^(\d+)\+$/.exec(s);
  assert.ok(m, `not a target number: ${s}`);
  return Number(m[1]);
};

/** "GENESTEALER CULTSunits": an upper-case keyword glued to the next word by the page flattening. */
const unglueKeyword = (s: string): string => s.replace(/\b([A-Z]{2,})([a-z]{2,})\b/g, '$1 $2');

function parseSeed(text: string, ruleHeadings: string[]): Seed {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const consumed = new Set<number>();
  const at = (re: RegExp, from = 0): number => {
    const i = lines.findIndex((l, k) => k >= from && re.test(l));
    assert.ok(i >= 0, `seed has no line matching ${re}`);
    return i;
  };

  // Stat blocks: values first, then "NAME(⌀base)" closes the block.
  const ranged = at(/^RANGED WEAPONS \|/);
  const models: SeedModel[] = [];
  let values: string[] = [];
  for (let i = 1; i < ranged; i++) {
    consumed.add(i);
    const l = lines[i];
    if (/^(M|T|Sv|W|Ld|OC)$/.test(l)) continue;
    const named = /^(.+?)\(⌀(.+)\)$/.exec(l);
    if (!named) { values.push(l); continue; }
    assert.strictEqual(values.length, 6, `stat block of ${named[1]}`);
    const [M, T, Sv, W, Ld, OC] = values;
    models.push({ name: named[1], base: named[2], M, T: Number(T), Sv: target(Sv), W: Number(W), Ld: target(Ld), OC: Number(OC) });
    values = [];
  }
  assert.deepStrictEqual(values, [], 'stat values without a model name');
  consumed.add(0);

  // Weapon tables: "| name | |||||||" opens a weapon, the next rows are its profiles.
  const abilitiesAt = at(/^ABILITIES$/, ranged);
  const weapons: Seed['weapons'] = [];
  let type: 'ranged' | 'melee' = 'ranged';
  for (let i = ranged; i < abilitiesAt; i++) {
    consumed.add(i);
    const l = lines[i];
    const header = /^(RANGED|MELEE) WEAPONS \| RANGE \| A \| (BS|WS) \| S \| AP \| D \|/.exec(l);
    if (header) { type = header[1] === 'RANGED' ? 'ranged' : 'melee'; continue; }
    const cells = l.split('|').map((c) => c.trim());
    const filled = cells.filter((c) => c !== '');
    const named = /^(.+?)(?:\s*\[(.+)\])?$/.exec(filled[0]);
    assert.ok(named, `weapon row: ${l}`);
    if (filled.length === 1) { weapons.push({ name: named[1], profiles: [] }); continue; }
    assert.strictEqual(filled.length, 7, `weapon row: ${l}`);
    const [, range, A, skill, S, AP, D] = filled;
    const current = weapons[weapons.length - 1];
    assert.ok(current, `profile row before its weapon: ${l}`);
    current.profiles.push({
      name: named[1], type, range, A,
      skill: skill === 'N/A' ? null : target(skill),
      S: Number(S), AP: Number(AP), D,
      abilities: named[2] ? named[2].split(',').map((a) => a.trim().toUpperCase()) : [],
    });
  }

  const keywordsAt = at(/^KEYWORDS:/, abilitiesAt);
  const abilities: Seed['abilities'] = [];
  for (let i = abilitiesAt; i < keywordsAt; i++) {
    consumed.add(i);
    const m = /^([A-Z]+): (.+)$/.exec(lines[i]);
    if (m) for (const name of m[2].split(', ')) abilities.push({ name: name.trim(), kind: m[1].toLowerCase() });
  }
  consumed.add(keywordsAt);
  const keywords = lines[keywordsAt].replace(/^KEYWORDS:/, '').split(',').map((k) => k.trim()).filter(Boolean);
  const factionAt = at(/^FACTION KEYWORDS:$/, keywordsAt);
  const stratagemsAt = at(/^STRATAGEMS$/, factionAt);
  const factionKeywords: string[] = [];
  for (let i = factionAt; i < stratagemsAt; i++) {
    consumed.add(i);
    if (i > factionAt && !factionKeywords.includes(lines[i])) factionKeywords.push(lines[i]);
  }

  // LED BY: the names between the intro line and the next rules heading.
  const ledAt = at(/^LED BY$/, stratagemsAt);
  assert.match(lines[ledAt + 1], /can be led by the following units?:$/);
  const headings = new Set(ruleHeadings.map((h) => h.toUpperCase()));
  const ledBy: string[] = [];
  for (let i = ledAt + 2; i < lines.length && !headings.has(lines[i].replace(/^\d+\.\s+/, '').toUpperCase()); i++) {
    ledBy.push(lines[i]);
  }

  // Stratagems: "NAME / NCP / <detachment or Core> – <category>[ Stratagem]".
  const stratagems = new Map<string, SeedStratagem>();
  for (let i = 1; i + 1 < lines.length; i++) {
    const cp = /^(\d+)CP$/.exec(lines[i]);
    const kind = /^(.+?) – (.+?)( Stratagem)?$/.exec(lines[i + 1]);
    if (!cp || !kind) continue;
    // The page glues a rule's last sentence to the next stratagem's name.
    const name = lines[i - 1].replace(/^.*[a-z.]\s*(?=[A-Z][A-Z -]+$)/, '');
    const s: SeedStratagem = stratagems.get(name) ?? {
      name, cp: Number(cp[1]), category: kind[2], detachment: kind[1] === 'Core' ? undefined : kind[1],
    };
    assert.strictEqual(s.cp, Number(cp[1]), `${name}: CP differs between list and body`);
    assert.strictEqual(s.category, kind[2], `${name}: category differs between list and body`);
    stratagems.set(name, s);
    consumed.add(i).add(i + 1);
    if (lines[i - 1] === name) consumed.add(i - 1);
    if (!kind[3]) continue;
    s.flavor = lines[i + 2];
    consumed.add(i + 2);
    for (let k = i + 3; k < lines.length; k++) {
      const f = /^(WHEN|TARGET|EFFECT|RESTRICTIONS): (.+)$/.exec(lines[k]);
      if (!f) break;
      consumed.add(k);
      const key = f[1].toLowerCase() as 'when' | 'target' | 'effect' | 'restrictions';
      const value = unglueKeyword(f[2]);
      if (s[key] === undefined) s[key] = value;
      else assert.strictEqual(value, s[key], `${name}: the seed's repeated ${f[1]} line differs`);
    }
  }

  return {
    title: lines[0], models, weapons, abilities, keywords, factionKeywords, ledBy, stratagems, consumed, lines,
  };
}

// ---------------------------------------------------------------- comparison

/** Every difference between the seed and the data; empty when the data is faithful. */
function seedMismatches(seed: Seed, data: RulesData): string[] {
  const out: string[] = [];
  // Compared as JSON would store them: an absent field and an undefined one are the same.
  const plain = (x: unknown): unknown => (x === undefined ? undefined : JSON.parse(JSON.stringify(x)));
  const eq = (what: string, actual: unknown, expected: unknown): void => {
    try {
      assert.deepStrictEqual(plain(actual), plain(expected));
    } catch {
      out.push(`${what}: data has ${JSON.stringify(actual)}, seed has ${JSON.stringify(expected)}`);
    }
  };

  const ds = data.datasheets.find((d) => `${d.combatPatrol} – ${d.name}` === seed.title);
  if (!ds) return [`no datasheet titled "${seed.title}" (combatPatrol – name)`];
  eq('model count', ds.models.length, seed.models.length);
  for (const m of seed.models) {
    const model = ds.models.find((x) => x.name.toUpperCase() === m.name);
    if (!model) { out.push(`model ${m.name} missing`); continue; }
    eq(`${m.name} profile`, { ...model, name: model.name.toUpperCase() }, m);
  }
  eq('weapons', ds.weapons, seed.weapons);
  eq('abilities', ds.abilities.map((a) => ({ name: a.name, kind: a.kind })), seed.abilities);
  eq('keywords', ds.keywords, seed.keywords);
  eq('faction keywords', ds.factionKeywords, seed.factionKeywords);
  eq('led by', ds.ledBy, seed.ledBy);

  eq('stratagem names', data.stratagems.map((s) => s.name).sort(), [...seed.stratagems.keys()].sort());
  for (const s of data.stratagems) {
    const expected = seed.stratagems.get(s.name);
    if (!expected) continue;
    const { name, cp, detachment, category, flavor, when, target, effect, restrictions } = s;
    eq(`stratagem ${s.name}`, { name, cp, detachment, category, flavor, when, target, effect, restrictions }, expected);
  }
  return out;
}

const isTable = (paragraph: string): boolean => paragraph.startsWith('|');

/** Sentences of a rule text or bullet: bullets and lines apart, then sentence ends. */
function sentences(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.replace(/^- /, '').trim())
    .filter((l) => l !== '' && !isTable(l))
    .flatMap((l) => l.split(/(?<=[.!?]["’]?)\s+(?=[A-Z‘])/))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Every sentence of a core rule (flavor, text without the wound table, summary). */
function ruleSentences(r: CoreRule): string[] {
  const text = r.text.split('\n\n').filter((p) => !isTable(p)).join('\n');
  return [...sentences(r.flavor ?? ''), ...sentences(text), ...r.summary.flatMap(sentences)];
}

/** Seed lines that carry no rules content: page furniture and the blank wound table. */
const FURNITURE = [
  /^C$/, /^STRATAGEMS$/, /^LED BY$/, /can be led by the following units?:$/,
  /^The .+ keyword is used in the following .+ datasheets:$/, /^\|[\s|]*$/,
];

// ---------------------------------------------------------------- tests

describe('embedded data (data/*.json)', () => {
  describe('JSON Schema', () => {
    it('every data file has a schema and validates against it', () => {
      assert.deepStrictEqual(dataFiles, ['core-rules.json', 'datasheets.json', 'factions.json', 'stratagems.json']);
      for (const file of dataFiles) {
        const schemaFile = path.join(schemaDir, file.replace(/\.json$/, '.schema.json'));
        assert.ok(fs.existsSync(schemaFile), `no schema for ${file}`);
        const data = readJson(path.join(dataDir, file));
        assert.strictEqual(data.$schema, `./schema/${path.basename(schemaFile)}`, `${file} names its schema`);
        const validate = new Ajv({ allErrors: true, strict: true }).compile(readJson(schemaFile));
        assert.ok(validate(data), `${file}: ${JSON.stringify(validate.errors, null, 1)}`);
      }
    });

    it('the schemas reject malformed entries', () => {
      const ajv = new Ajv({ allErrors: true, strict: true });
      const validate = ajv.compile(readJson(path.join(schemaDir, 'datasheets.schema.json')));
      const breakages: [string, (d: any) => void][] = [
        ['skill as printed', (d) => (d.datasheets[0].weapons[1].profiles[0].skill = '4+')],
        ['positive AP', (d) => (d.datasheets[0].weapons[1].profiles[0].AP = 3)],
        ['bracketed ability', (d) => (d.datasheets[0].weapons[0].profiles[0].abilities = ['[PISTOL]'])],
        ['save as printed', (d) => (d.datasheets[0].models[0].Sv = '5+')],
        ['unknown field', (d) => (d.datasheets[0].models[0].Toughness = 4)],
        ['wrong source file', (d) => (d.datasheets[0].source.file = 'data/stratagems.json')],
        ['lower-case keyword', (d) => (d.datasheets[0].keywords = ['Mounted'])],
      ];
      for (const [what, breakIt] of breakages) {
        const data = readJson(path.join(dataDir, 'datasheets.json'));
        breakIt(data);
        assert.strictEqual(validate(data), false, `schema accepts ${what}`);
      }
      const strat = ajv.compile(readJson(path.join(schemaDir, 'stratagems.schema.json')));
      const s = readJson(path.join(dataDir, 'stratagems.json'));
      delete s.stratagems[0].faction;
      assert.strictEqual(strat(s), false, 'a detachment stratagem without its faction');
    });

    it('ids are unique and every source locator points at its own entry', () => {
      for (const file of dataFiles) {
        const data = readJson(path.join(dataDir, file));
        for (const [key, list] of Object.entries(data)) {
          if (!Array.isArray(list) || key === 'notes') continue;
          const ids = list.map((e: any) => e.id).filter((id: unknown) => id !== undefined);
          assert.strictEqual(new Set(ids).size, ids.length, `${file} ${key}: duplicate id`);
          list.forEach((entry: any) => {
            assert.strictEqual(entry.source.file, `data/${file}`);
            const resolved = entry.source.locator.split('/').slice(1).reduce((o: any, k: string) => o?.[k], data);
            assert.strictEqual(resolved, entry, `${file}: ${entry.source.locator} does not point at ${entry.name}`);
          });
        }
      }
    });
  });

  describe('against the seed page', function () {
    let seedText = '';
    let seed: Seed;
    const data = loadEmbeddedRules();
    const headings = [...data.coreRules.map((r) => r.name), ...data.stratagems.map((s) => s.name)];

    before(function () {
      requireShared(this, 'seed', SEED);
      seedText = fs.readFileSync(sharedPath('seed', SEED), 'utf8');
      seed = parseSeed(seedText, headings);
    });

    it('the seed parses into two models, four weapons and eight stratagems', () => {
      assert.deepStrictEqual(seed.models.map((m) => m.name), ['ATALAN JACKAL', 'ATALAN WOLFQUAD']);
      assert.strictEqual(seed.weapons.length, 4);
      assert.ok(seed.weapons.every((w) => w.profiles.length === 1));
      assert.strictEqual(seed.stratagems.size, 8);
      assert.ok([...seed.stratagems.values()].every((s) => s.when && s.target && s.effect && s.flavor));
    });

    it('datasheet and stratagems equal the seed, value for value', () => {
      assert.deepStrictEqual(seedMismatches(seed, data), []);
    });

    it('a single wrong value in the data is caught', () => {
      const mutants: [string, (d: RulesData) => void][] = [
        ['Wolfquad W', (d) => (d.datasheets[0].models[1].W = 3)],
        ['Jackal base', (d) => (d.datasheets[0].models[0].base = '60mm')],
        ['Mining laser D', (d) => (d.datasheets[0].weapons[1].profiles[0].D = 'D6+2')],
        ['power weapon AP', (d) => (d.datasheets[0].weapons[2].profiles[0].AP = -1)],
        ['small arms lose PISTOL', (d) => (d.datasheets[0].weapons[0].profiles[0].abilities = [])],
        ['weapon grouping', (d) => {
          const w = d.datasheets[0].weapons;
          w[0].profiles.push(...w.splice(1, 1)[0].profiles);
        }],
        ['keyword', (d) => (d.datasheets[0].keywords = ['MOUNTED', 'ATALAN JACKALS'])],
        ['invented leader', (d) => (d.datasheets[0].ledBy = ['Jackal Alphus'])],
        ['CP cost', (d) => (d.stratagems.find((s) => s.name === 'COUNTER-OFFENSIVE')!.cp = 1)],
        ['WHEN text', (d) => (d.stratagems[0].when = 'Your Shooting phase.')],
        ['lost restriction', (d) => delete d.stratagems.find((s) => s.name === 'INSANE BRAVERY')!.restrictions],
      ];
      for (const [what, mutate] of mutants) {
        const copy: RulesData = JSON.parse(JSON.stringify(data));
        mutate(copy);
        assert.notDeepStrictEqual(seedMismatches(seed, copy), [], `a changed ${what} went unnoticed`);
      }
    });

    it('every core-rule sentence is the seed’s, word for word', () => {
      const seedLines = unglueKeyword(seedText);
      for (const r of data.coreRules) {
        for (const s of ruleSentences(r)) assert.ok(seedLines.includes(s), `${r.name}: not in the seed: "${s}"`);
      }
      const wound = data.coreRules.find((r) => r.name === 'Wound Roll')!;
      const table = wound.text.split('\n\n').find(isTable) ?? '';
      for (const row of ['≥ 2×T) | 2+', '(S > T) | 3+', '(S = T) | 4+', '(S < T) | 5+', '(S×2 ≤ T) | 6+']) {
        assert.ok(table.includes(row), `wound table lacks ${row}`);
      }
    });

    it('every line of the seed is carried into the data', () => {
      const corpus = [
        ...data.coreRules.flatMap((r) => [r.name, ...ruleSentences(r)]),
        ...data.stratagems.flatMap((s) => [s.name, s.flavor ?? '', s.when, s.target, s.effect, s.restrictions ?? '']),
      ].join('\n').toLowerCase();
      const missing: string[] = [];
      seed.lines.forEach((line, i) => {
        if (seed.consumed.has(i) || line === '' || FURNITURE.some((re) => re.test(line))) return;
        // Split what the flattening glued: "…Hit roll.Engagement Range", "…models.- Normal Move: …".
        const pieces = unglueKeyword(line).replace(/([a-z.:)"’])(?=[A-Z][a-zA-Z ]|- )/g, '$1\n').split('\n');
        for (const piece of pieces) {
          const body = piece.replace(/^- /, '').replace(/^\d+\.\s+/, '').replace(/^(WHEN|TARGET|EFFECT|RESTRICTIONS): /, '');
          for (const s of sentences(body)) if (!corpus.includes(s.toLowerCase())) missing.push(`line ${i + 1}: "${s}"`);
        }
      });
      assert.deepStrictEqual(missing, []);
    });
  });

  describe('core-rule text is clean', () => {
    const rules = loadEmbeddedRules().coreRules;
    const headings = [...rules.map((r) => r.name), ...loadEmbeddedRules().stratagems.map((s) => s.name)];
    const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

    it('no repeated sentence or line', () => {
      const seen = new Map<string, string>();
      for (const r of rules) {
        const text = r.text.split('\n\n').filter((p) => !isTable(p)).join('\n');
        for (const part of [sentences(r.flavor ?? ''), sentences(text), r.summary.flatMap(sentences)]) {
          assert.strictEqual(new Set(part).size, part.length, `${r.name} repeats a sentence: ${part}`);
        }
        const lines = r.text.split('\n').filter((l) => l.trim() !== '');
        assert.strictEqual(new Set(lines).size, lines.length, `${r.name} repeats a line`);
        // Across rules only whole paragraphs: the rules themselves repeat short sentences.
        for (const p of r.text.split('\n\n')) {
          assert.ok(!seen.has(p), `"${p}" is in both ${seen.get(p)} and ${r.name}`);
          seen.set(p, r.name);
        }
      }
    });

    it('no glued heading, paragraph or bullet', () => {
      for (const r of rules) {
        for (const field of [r.flavor ?? '', r.text, ...r.summary]) {
          for (const h of headings) {
            assert.doesNotMatch(field, new RegExp(`[a-z.]${escape(h)}`), `${r.name}: heading "${h}" glued`);
          }
          assert.doesNotMatch(field, /[a-z]\.[A-Z]/, `${r.name}: two sentences glued`);
          assert.doesNotMatch(field, /[.:]-\s/, `${r.name}: a bullet glued to the sentence before it`);
          assert.doesNotMatch(field, /[ \t]\n|\n[ \t]|\n{3}/, `${r.name}: stray whitespace`);
        }
      }
    });

    it('the wound table has one row per Strength/Toughness band, in order', () => {
      const wound = rules.find((r) => r.id === 'wound-roll')!;
      const table = wound.text.split('\n\n').find(isTable)!;
      const results = table.split('\n').slice(2).map((row) => row.split('|')[2].trim());
      assert.deepStrictEqual(results, ['2+', '3+', '4+', '5+', '6+']);
    });
  });

  describe('loadEmbeddedRules()', () => {
    const data = loadEmbeddedRules();
    const byAlias = new Map<string, CoreRule>();
    before(() => {
      for (const r of data.coreRules) {
        for (const a of r.aliases) {
          assert.ok(!byAlias.has(a), `alias ${a} names two rules`);
          byAlias.set(a, r);
        }
      }
    });
    const rule = (alias: string): CoreRule | undefined => byAlias.get(alias) ?? byAlias.get(alias.replace(/^\[(.+)\]$/, '$1'));

    it('holds the Combat Patrol datasheet of Claw of Ascension', () => {
      const ds: Datasheet | undefined = data.datasheets.find((d) => d.name === 'Atalan Jackals');
      assert.ok(ds);
      assert.strictEqual(ds.combatPatrol, 'Claw of Ascension');
      assert.ok(data.detachments.some((d) => d.name === ds.combatPatrol));
      assert.deepStrictEqual(ds.models.map((m) => [m.name, m.W, m.base]), [
        ['Atalan Jackal', 2, '60 x 35mm'],
        ['Atalan Wolfquad', 4, '60mm'],
      ]);
      assert.deepStrictEqual([ds.points, ds.composition, ds.ledBy, ds.epicHero], [[], [], [], false]);
      const smallArms = ds.weapons.find((w) => w.name === 'Atalan small arms')!;
      assert.deepStrictEqual(smallArms.profiles.map((p) => [p.type, p.abilities]), [['ranged', ['PISTOL']]]);
      assert.deepStrictEqual(data.sources, [{ kind: 'embedded', edition: 10, location: 'data/' }]);
    });

    it('holds 8 stratagems: 2 of the detachment, 6 Core', () => {
      const own: Stratagem[] = data.stratagems.filter((s) => s.detachment === 'Claw of Ascension');
      const core = data.stratagems.filter((s) => s.detachment === undefined);
      assert.strictEqual(data.stratagems.length, 8);
      assert.deepStrictEqual(own.map((s) => s.name), ['POINT-BLANK AMBUSH', 'SWARM THE OPPRESSORS']);
      assert.strictEqual(core.length, 6);
      const faction = data.factions.find((f) => f.name === data.detachments[0].faction);
      assert.ok(faction);
      assert.ok(own.every((s) => s.faction === faction.keyword));
      assert.ok(core.every((s) => s.faction === undefined));
      assert.deepStrictEqual(faction, {
        id: 'genestealer-cults', name: 'Genestealer Cults', keyword: 'GENESTEALER CULTS',
        source: { file: 'data/factions.json', locator: '/factions/0' },
      });
    });

    it('finds core rules by alias, including every ability the data uses', () => {
      const expected: [string, string][] = [
        ['PISTOL', 'Pistol'], ['[PISTOL]', 'Pistol'], ['SCOUTS', 'Scouts'], ['LETHAL HITS', 'Lethal Hits'],
        ['[LETHAL HITS]', 'Lethal Hits'], ['STEALTH', 'Stealth'], ['HAZARDOUS', 'Hazardous'], ['[HAZARDOUS]', 'Hazardous'],
        ['DEEP STRIKE', 'Deep Strike'], ['BATTLE-SHOCK', 'Battle-shock'], ['WOUND ROLL', 'Wound Roll'],
      ];
      for (const [alias, name] of expected) assert.strictEqual(rule(alias)?.name, name, alias);
      const used = [
        ...data.datasheets.flatMap((d) => d.abilities.map((a) => a.name.replace(/\s+\d+"$/, '').toUpperCase())),
        ...data.datasheets.flatMap((d) => d.weapons.flatMap((w) => w.profiles.flatMap((p) => p.abilities))),
        ...data.stratagems.flatMap((s) => [s.when, s.target, s.effect].join(' ').match(/\[[A-Z -]+\]/g) ?? []),
      ];
      for (const a of used) assert.ok(rule(a), `no core rule for ${a}`);
      assert.strictEqual(data.coreRules.length, 20);
    });

    it('holds the four battle sizes, marked as coming from the core rules', () => {
      assert.deepStrictEqual(data.battleSizes.map((b) => [b.name, b.points]), [
        ['Combat Patrol', undefined], ['Incursion', 1000], ['Strike Force', 2000], ['Onslaught', 3000],
      ]);
      const notes: string[] = readJson(path.join(dataDir, 'factions.json')).notes;
      assert.ok(notes.some((n) => /battleSizes do not come from the seed/.test(n)));
    });

    it('returns fresh arrays on every call', () => {
      const first = loadEmbeddedRules();
      first.stratagems.length = 0;
      first.coreRules.push(first.coreRules[0]);
      const second = loadEmbeddedRules();
      assert.strictEqual(second.stratagems.length, 8);
      assert.strictEqual(second.coreRules.length, 20);
    });
  });
});
