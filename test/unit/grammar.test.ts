// TextMate grammar (syntaxes/army-list.tmLanguage.json): the generated JSON is fresh,
// the committed snapshots of test/grammar/* still match, and specific tokens get the
// scopes themes colour. Tokenisation uses vscode-textmate + vscode-oniguruma, the same
// engine VS Code runs (both come with the vscode-tmgrammar-test devDependency).
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import * as vsctm from 'vscode-textmate';
import * as oniguruma from 'vscode-oniguruma';
import { repoRoot, requireShared, sharedPath } from '../support/shared';

const grammarPath = path.join(repoRoot, 'syntaxes', 'army-list.tmLanguage.json');
const samplesDir = path.join(repoRoot, 'test', 'grammar');
const snapBin = path.join(repoRoot, 'node_modules', '.bin', 'vscode-tmgrammar-snap');
const SCOPE = 'source.army-list';

interface Tok {
  text: string;
  scopes: string[];
}

let grammarPromise: Promise<vsctm.IGrammar> | undefined;

function loadGrammar(): Promise<vsctm.IGrammar> {
  grammarPromise ??= (async () => {
    const wasmPath = path.join(path.dirname(require.resolve('vscode-oniguruma')), 'onig.wasm');
    const wasm = fs.readFileSync(wasmPath);
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new vsctm.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
        createOnigString: (s: string) => new oniguruma.OnigString(s),
      }),
      loadGrammar: async (scopeName: string) =>
        scopeName === SCOPE ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath) : null,
    });
    const grammar = await registry.loadGrammar(SCOPE);
    if (!grammar) throw new Error(`grammar ${SCOPE} did not load`);
    return grammar;
  })();
  return grammarPromise;
}

/** Tokenises a whole document the way the editor does: line by line, carrying the rule stack. */
async function tokenize(text: string): Promise<Tok[][]> {
  const grammar = await loadGrammar();
  let stack = vsctm.INITIAL;
  return text.split(/\r?\n/).map((line) => {
    const r = grammar.tokenizeLine(line, stack);
    stack = r.ruleStack;
    return r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
  });
}

/** Scopes of every token overlapping `needle` on line `lineNo` (the needle must occur there). */
function scopesAt(lines: Tok[][], lineNo: number, needle: string): string[][] {
  const line = lines[lineNo];
  const full = line.map((t) => t.text).join('');
  const at = full.indexOf(needle);
  assert.ok(at >= 0, `"${needle}" not on line ${lineNo}: ${full}`);
  const out: string[][] = [];
  let pos = 0;
  for (const t of line) {
    const start = pos;
    pos += t.text.length;
    if (pos > at && start < at + needle.length) out.push(t.scopes);
  }
  return out;
}

/** Asserts that `needle` on that line is covered, token by token, by `scope` (exactly one token when whole). */
function assertScope(lines: Tok[][], lineNo: number, needle: string, scope: string): void {
  const all = scopesAt(lines, lineNo, needle);
  for (const scopes of all) {
    assert.ok(scopes.includes(scope), `"${needle}" (line ${lineNo}) has [${scopes.join(' ')}], expected ${scope}`);
  }
}

function hasScopePrefix(lines: Tok[][], lineNo: number, prefix: string): boolean {
  return lines[lineNo].some((t) => t.scopes.some((s) => s.startsWith(prefix)));
}

function runSnap(args: string[], cwd: string) {
  return spawnSync(snapBin, args, { cwd, encoding: 'utf8', shell: process.platform === 'win32' });
}

describe('grammar: generated files and configuration', () => {
  it('the JSON grammar is up to date with syntaxes/army-list.tmLanguage.src.mjs', () => {
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'build-grammar.mjs'), '--check'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    assert.strictEqual(r.status, 0, r.stderr || r.stdout);
  });

  it('package.json contributes the grammar and the language configuration it names', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    const g = pkg.contributes.grammars.find((x: { language: string }) => x.language === 'army-list');
    assert.strictEqual(g.scopeName, SCOPE);
    assert.strictEqual(path.resolve(repoRoot, g.path), grammarPath);
    const grammar = JSON.parse(fs.readFileSync(grammarPath, 'utf8'));
    assert.strictEqual(grammar.scopeName, SCOPE);
    const lang = pkg.contributes.languages.find((x: { id: string }) => x.id === 'army-list');
    assert.deepStrictEqual(lang.extensions.sort(), ['.40k', '.army']);
    assert.ok(fs.existsSync(path.resolve(repoRoot, lang.configuration)));
  });

  it('language configuration: # comments, ( [ pairs, words keep apostrophes and hyphens', () => {
    const conf = JSON.parse(fs.readFileSync(path.join(repoRoot, 'language-configuration.json'), 'utf8'));
    assert.strictEqual(conf.comments.lineComment, '#');
    const opens = conf.autoClosingPairs.map((p: { open: string; close: string }) => p.open + p.close).sort();
    assert.deepStrictEqual(opens, ['()', '[]']);
    const words = (s: string) => s.match(new RegExp(conf.wordPattern, 'g'));
    assert.deepStrictEqual(words('Wolf’s Eye Talisman'), ['Wolf’s', 'Eye', 'Talisman']);
    assert.deepStrictEqual(words("Castellan's Mark"), ["Castellan's", 'Mark']);
    assert.deepStrictEqual(words('Screamer-Killer (125 pts)'), ['Screamer-Killer', '125', 'pts']);
    assert.deepStrictEqual(words('Khârn the Betrayer'), ['Khârn', 'the', 'Betrayer']);
    assert.deepStrictEqual(words('Strike Force (2,000 Points)'), ['Strike', 'Force', '2,000', 'Points']);
  });
});

describe('grammar: snapshots (vscode-tmgrammar-snap)', function () {
  this.timeout(60000);

  const samples = fs.readdirSync(samplesDir).filter((f) => /\.(army|40k)$/.test(f));

  it('has one sample per export format plus the Auspex extensions, each with a committed snapshot', () => {
    for (const f of [
      'gwapp-dialect-a.army',
      'gwapp-dialect-b.army',
      'gwapp-stripped.army',
      'gwapp-combat-patrol.army',
      'nrgw.army',
      'wtc.army',
      'wtccompact.army',
      'nrsimple.army',
      'nrshort.40k',
      'listforge.army',
      'battlescribe.army',
      'auspex-extensions.army',
      'gwapp-v2.army',
      'gwapp-v2-fr.army',
      'warorgan.army',
    ]) {
      assert.ok(samples.includes(f), `missing sample ${f}`);
    }
    // The tool silently writes a missing snapshot and reports success, so check they exist.
    for (const f of samples) assert.ok(fs.existsSync(path.join(samplesDir, f + '.snap')), `missing ${f}.snap`);
  });

  it('every sample tokenises exactly as its snapshot says', () => {
    const r = runSnap(['-g', grammarPath, 'test/grammar/*.army', 'test/grammar/*.40k'], repoRoot);
    assert.strictEqual(r.status, 0, `vscode-tmgrammar-snap failed:\n${r.stdout}\n${r.stderr}`);
    for (const f of samples) assert.ok(r.stdout.includes(`${f} run successfully`), `${f} not checked:\n${r.stdout}`);
  });

  it('the snapshot check fails when a snapshot does not match (control)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-snap-'));
    try {
      fs.copyFileSync(path.join(samplesDir, 'nrgw.army'), path.join(dir, 'x.army'));
      const snap = fs.readFileSync(path.join(samplesDir, 'nrgw.army.snap'), 'utf8');
      // Claim the unit name is a comment: the tool must reject that.
      const wrong = snap.replace('entity.name.type.unit.army-list', 'comment.line.number-sign.army-list');
      assert.notStrictEqual(wrong, snap);
      fs.writeFileSync(path.join(dir, 'x.army.snap'), wrong);
      const r = runSnap(['-g', grammarPath, '-s', SCOPE, 'x.army'], dir);
      assert.notStrictEqual(r.status, 0, r.stdout);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('grammar: scopes of specific tokens', () => {
  it('11th-edition app v2 header and Attached Units block', async () => {
    const lines = await tokenize(
      [
        'Bastion (2,000 Points)',
        '',
        'Imperial Fists',
        'Anvil Siege Force and Vanguard Spearhead (3 Detachment Points)',
        'Force Dispositions: Take and Hold, Reconnaissance,',
        'Strike Force (2,000 Points)',
        '',
        'Attached Units',
        'Attached Unit 1',
        '',
        'Captain (80 Points)',
        '• Attached as: Leader (Character)',
        '  • Warlord',
        'Lieutenant115 Points',
        '',
        'Exported with App Version: v2.5.0 (12), Data Version: v930',
      ].join('\n'),
    );
    assertScope(lines, 3, 'Anvil Siege Force', 'entity.name.namespace.faction.army-list');
    assertScope(lines, 3, 'Vanguard Spearhead', 'entity.name.namespace.faction.army-list');
    assertScope(lines, 3, 'and', 'keyword.operator.and.army-list');
    assertScope(lines, 3, '3', 'constant.numeric.detachment-points.army-list');
    assertScope(lines, 3, 'Detachment Points', 'keyword.other.detachment-points.army-list');
    assertScope(lines, 4, 'Force Dispositions', 'support.type.property-name.army-list');
    assertScope(lines, 4, 'Take and Hold', 'support.constant.force-disposition.army-list');
    assertScope(lines, 4, 'Reconnaissance', 'support.constant.force-disposition.army-list');
    assertScope(lines, 5, 'Strike Force', 'support.constant.battle-size.army-list');
    assertScope(lines, 7, 'Attached Units', 'entity.name.section.army-list');
    assertScope(lines, 8, 'Attached Unit', 'entity.name.section.attached-group.army-list');
    assertScope(lines, 8, '1', 'constant.numeric.attached-group.army-list');
    assertScope(lines, 10, 'Captain', 'entity.name.type.unit.army-list');
    assertScope(lines, 11, 'Attached as', 'keyword.other.leading.army-list');
    assertScope(lines, 11, 'Leader (Character)', 'support.constant.attach-role.army-list');
    assertScope(lines, 12, 'Warlord', 'keyword.other.warlord.army-list');
    assertScope(lines, 13, 'Lieutenant', 'entity.name.type.unit.army-list');
    assertScope(lines, 13, '115 Points', 'constant.numeric.points.army-list');
    assertScope(lines, 15, 'v930', 'constant.numeric.version.army-list');
  });

  it('official app unit line: unit name, points, bullets, counts, Warlord, enhancement', async () => {
    const lines = await tokenize(
      [
        'Iron Ring (390 Points)',
        '',
        'Genestealer Cults',
        'Incursion (1,000 Points)',
        '',
        'BATTLELINE',
        '',
        'Atalan Jackals (85 Points)',
        '  • 4x Atalan Jackal',
        '     ◦ 4x Atalan small arms',
        '    1x Atalan power weapon',
        '  • Warlord',
        '  • Enhancements: Wolf’s Eye Talisman',
        '  • Enhancement: Prowling Agitant',
      ].join('\n'),
    );
    assertScope(lines, 0, 'Iron Ring', 'string.unquoted.title.army-list');
    assertScope(lines, 0, '(390 Points)', 'constant.numeric.points.army-list');
    assertScope(lines, 2, 'Genestealer Cults', 'entity.name.namespace.faction.army-list');
    assertScope(lines, 3, 'Incursion', 'support.constant.battle-size.army-list');
    assertScope(lines, 5, 'BATTLELINE', 'entity.name.section.army-list');
    assertScope(lines, 5, 'BATTLELINE', 'markup.heading.2.army-list');
    assertScope(lines, 7, 'Atalan Jackals', 'entity.name.type.unit.army-list');
    assertScope(lines, 7, '(85 Points)', 'constant.numeric.points.army-list');
    assertScope(lines, 8, '•', 'punctuation.definition.list.bullet.army-list');
    assertScope(lines, 8, '4x', 'constant.numeric.count.army-list');
    assertScope(lines, 8, 'Atalan Jackal', 'variable.other.wargear.army-list');
    assertScope(lines, 9, '◦', 'punctuation.definition.list.bullet.army-list');
    assertScope(lines, 10, '1x', 'constant.numeric.count.army-list');
    assertScope(lines, 10, 'Atalan power weapon', 'variable.other.wargear.army-list');
    assertScope(lines, 11, 'Warlord', 'keyword.other.warlord.army-list');
    assertScope(lines, 12, 'Enhancements', 'keyword.other.enhancement.army-list');
    assertScope(lines, 12, 'Wolf’s Eye Talisman', 'variable.other.enummember.enhancement.army-list');
    assertScope(lines, 13, 'Enhancement', 'keyword.other.enhancement.army-list');
  });

  it('# comments only at column 0 before a space or end of line; ## and # ++ are headings', async () => {
    const lines = await tokenize(
      ['# note', '#', '## Character [410 pts]', '# ++ Army Roster ++ [2000 pts]', '#note', 'Primus (80 Points)', '# x'].join(
        '\n',
      ),
    );
    assertScope(lines, 0, '# note', 'comment.line.number-sign.army-list');
    assertScope(lines, 0, '#', 'punctuation.definition.comment.army-list');
    assertScope(lines, 1, '#', 'comment.line.number-sign.army-list');
    assert.ok(!hasScopePrefix(lines, 2, 'comment'), '## Character must not be a comment');
    assertScope(lines, 2, 'Character', 'entity.name.section.army-list');
    assertScope(lines, 2, '[410 pts]', 'constant.numeric.points.army-list');
    assert.ok(!hasScopePrefix(lines, 3, 'comment'), '# ++ Army Roster ++ must not be a comment');
    assertScope(lines, 3, 'Army Roster', 'markup.heading.1.army-list');
    assert.ok(!hasScopePrefix(lines, 4, 'comment'), '#note (no space) must not be a comment');
    assertScope(lines, 5, 'Primus', 'entity.name.type.unit.army-list');
    assertScope(lines, 6, '# x', 'comment.line.number-sign.army-list');
  });

  it('STRATAGEMS section: stratagem name, round, phase, target units and #N', async () => {
    const text = [
      'OTHER DATASHEETS',
      '',
      'Atalan Jackals (85 Points)',
      '',
      'STRATAGEMS',
      'Overwhelming Onslaught (round 2, shooting): Atalan Jackals, Atalan Jackals #2',
      '# a comment here too',
      'Cult Ambush: Primus',
      '',
      'Exported with App Version: v1.46.2 (1), Data Version: v731',
    ].join('\n');
    const lines = await tokenize(text);
    assertScope(lines, 4, 'STRATAGEMS', 'entity.name.section.army-list');
    assertScope(lines, 5, 'Overwhelming Onslaught', 'entity.name.function.stratagem.army-list');
    assertScope(lines, 5, 'round', 'keyword.other.round.army-list');
    assertScope(lines, 5, '2', 'constant.numeric.round.army-list');
    assertScope(lines, 5, 'shooting', 'support.constant.phase.army-list');
    assertScope(lines, 5, 'Atalan Jackals', 'entity.name.type.unit.army-list');
    assertScope(lines, 5, '#2', 'constant.numeric.instance.army-list');
    assertScope(lines, 6, '# a comment', 'comment.line.number-sign.army-list');
    assertScope(lines, 7, 'Cult Ambush', 'entity.name.function.stratagem.army-list');
    assertScope(lines, 7, 'Primus', 'entity.name.type.unit.army-list');
    // The footer ends the section.
    assert.ok(!hasScopePrefix(lines, 9, 'meta.stratagems'));
    assertScope(lines, 9, 'Exported with', 'keyword.other.footer.army-list');
    assertScope(lines, 9, 'v1.46.2', 'constant.numeric.version.army-list');
    // The same line outside STRATAGEMS is no stratagem.
    const outside = await tokenize('CHARACTERS\nCult Ambush (round 1, movement): Primus');
    assert.ok(!hasScopePrefix(outside, 1, 'entity.name.function.stratagem'));
  });

  it('OPPONENT line: keyword and path, on the first line, in a section and in the plan; the title still follows', async () => {
    const text = [
      'OPPONENT: ../lists/tyranids.army',
      'Iron Ring (390 Points)',
      '',
      'Genestealer Cults',
      'CHARACTERS',
      'Primus (80 Points)',
      'OPPONENT: tyranids.army',
      'STRATAGEMS',
      'OPPONENT: tyranids.army',
    ].join('\n');
    const lines = await tokenize(text);
    for (const n of [0, 6, 8]) {
      assertScope(lines, n, 'OPPONENT', 'keyword.other.opponent.army-list');
      assertScope(lines, n, 'tyranids.army', 'string.unquoted.path.army-list');
    }
    assert.ok(!hasScopePrefix(lines, 6, 'entity.name.type.unit'), 'not a unit line');
    assert.ok(!hasScopePrefix(lines, 8, 'entity.name.function.stratagem'), 'not a stratagem');
    assertScope(lines, 1, 'Iron Ring', 'string.unquoted.title.army-list');
    assertScope(lines, 3, 'Genestealer Cults', 'entity.name.namespace.faction.army-list');
  });

  it('a bare line inside a section is a unit (Combat Patrol), outside one it is not', async () => {
    const lines = await tokenize(
      'Necrons\nCombat Patrol\n\nCHARACTERS\n\nOverlord\n  • Warlord\n\n## Configuration\nShow/Hide Options',
    );
    assertScope(lines, 0, 'Necrons', 'entity.name.namespace.faction.army-list');
    assertScope(lines, 1, 'Combat Patrol', 'support.constant.battle-size.army-list');
    assertScope(lines, 5, 'Overlord', 'entity.name.type.unit.army-list');
    assertScope(lines, 6, 'Warlord', 'keyword.other.warlord.army-list');
    assertScope(lines, 8, 'Configuration', 'entity.name.section.army-list');
    assert.ok(!hasScopePrefix(lines, 9, 'entity.name.type.unit'), 'config line after ## Configuration is no unit');
  });

  it('Leading bullet names the led unit', async () => {
    const lines = await tokenize('Primus (80 Points)\n  • Leading: Atalan Jackals');
    assertScope(lines, 1, 'Leading', 'keyword.other.leading.army-list');
    assertScope(lines, 1, 'Atalan Jackals', 'entity.name.type.unit.army-list');
  });

  it('New Recruit GW / WTC / WTC-compact lines', async () => {
    const lines = await tokenize(
      [
        '+++++++++++++++++++++++++++++++++++++++++++++++',
        '+ FACTION KEYWORD: Xenos - Orks',
        '+ TOTAL ARMY POINTS: 365pts',
        '+ WARLORD: Char1: Warboss',
        '+ ENHANCEMENT: Headwoppa’s Killchoppa (on Char1: Warboss)',
        '+++++++++++++++++++++++++++++++++++++++++++++++',
        '',
        'Char1: 1x Warboss (95 pts): Warlord, Big choppa',
        'Enhancement: Headwoppa’s Killchoppa (+20 pts)',
        '20x Boyz (170 pts)',
        '• 19x Boy: 17 with Choppa, Slugga',
        '    2 with Big shoota',
        '• Auric Mantle (+15 pts)',
      ].join('\n'),
    );
    assertScope(lines, 0, '+++', 'punctuation.separator.banner.army-list');
    assertScope(lines, 1, 'FACTION KEYWORD', 'support.type.property-name.army-list');
    assertScope(lines, 1, 'Xenos - Orks', 'entity.name.namespace.faction.army-list');
    assertScope(lines, 2, '365pts', 'constant.numeric.points.army-list');
    assertScope(lines, 3, 'Char1', 'entity.name.label.army-list');
    assertScope(lines, 3, 'Warboss', 'entity.name.type.unit.army-list');
    assertScope(lines, 4, 'Headwoppa’s Killchoppa', 'variable.other.enummember.enhancement.army-list');
    assertScope(lines, 7, 'Char1', 'entity.name.label.army-list');
    assertScope(lines, 7, '1x', 'constant.numeric.count.army-list');
    assertScope(lines, 7, 'Warboss', 'entity.name.type.unit.army-list');
    assertScope(lines, 7, '(95 pts)', 'constant.numeric.points.army-list');
    assertScope(lines, 7, 'Warlord', 'keyword.other.warlord.army-list');
    assertScope(lines, 7, 'Big choppa', 'variable.other.wargear.army-list');
    assertScope(lines, 8, 'Enhancement', 'keyword.other.enhancement.army-list');
    assertScope(lines, 8, '(+20 pts)', 'constant.numeric.points.army-list');
    assertScope(lines, 9, '20x', 'constant.numeric.count.army-list');
    assertScope(lines, 9, 'Boyz', 'entity.name.type.unit.army-list');
    assertScope(lines, 10, 'Boy', 'entity.name.type.model.army-list');
    assertScope(lines, 10, '17', 'constant.numeric.count.army-list');
    assertScope(lines, 10, 'with', 'keyword.other.with.army-list');
    assertScope(lines, 10, 'Slugga', 'variable.other.wargear.army-list');
    assertScope(lines, 11, '2', 'constant.numeric.count.army-list');
    assertScope(lines, 11, 'Big shoota', 'variable.other.wargear.army-list');
    assertScope(lines, 12, 'Auric Mantle', 'variable.other.enummember.enhancement.army-list');
    assertScope(lines, 12, '(+15 pts)', 'constant.numeric.points.army-list');
  });

  it('NR simple, ListForge and BattleScribe lines', async () => {
    const nrs = await tokenize(
      'Imperium - Adeptus Mechanicus - Gears - [620 pts]\n\n# ++ Army Roster ++ [620 pts]\n## Battleline [95 pts]\nSkitarii Rangers [95 pts]:\n• 8x Skitarii Ranger: Galvanic rifle',
    );
    assertScope(nrs, 0, 'Imperium - Adeptus Mechanicus - Gears', 'string.unquoted.title.army-list');
    assertScope(nrs, 0, '[620 pts]', 'constant.numeric.points.army-list');
    assertScope(nrs, 3, 'Battleline', 'entity.name.section.army-list');
    assertScope(nrs, 4, 'Skitarii Rangers', 'entity.name.type.unit.army-list');
    assertScope(nrs, 5, 'Skitarii Ranger', 'entity.name.type.model.army-list');
    assertScope(nrs, 5, 'Galvanic rifle', 'variable.other.wargear.army-list');

    const lf = await tokenize('Gears (555 Points)\n\n\nCharacter:\nWinged Hive Tyrant (215 pts)\n  • E: Adaptive Biology\n  • B: 10 fleshborers');
    assertScope(lf, 3, 'Character', 'entity.name.section.army-list');
    assertScope(lf, 4, 'Winged Hive Tyrant', 'entity.name.type.unit.army-list');
    assertScope(lf, 5, 'E', 'keyword.other.enhancement.army-list');
    assertScope(lf, 5, 'Adaptive Biology', 'variable.other.enummember.enhancement.army-list');
    assertScope(lf, 6, 'B', 'keyword.other.option-bundle.army-list');
    assertScope(lf, 6, '10', 'constant.numeric.count.army-list');

    const bs = await tokenize(
      '\n++ Army Roster (Aeldari - Craftworlds) [1,520pts] ++\n+ Epic Hero +\nPrince Yriel [100pts]\n. . 10x Guardian Defender: 10x Shuriken catapult\nBattle Size: 1. Incursion (1000 Point limit)',
    );
    assertScope(bs, 1, '[1,520pts]', 'constant.numeric.points.army-list');
    assertScope(bs, 1, '++', 'markup.heading.1.army-list');
    assertScope(bs, 2, 'Epic Hero', 'entity.name.section.army-list');
    assertScope(bs, 3, 'Prince Yriel', 'entity.name.type.unit.army-list');
    assertScope(bs, 4, '. . ', 'punctuation.definition.list.bullet.army-list');
    assertScope(bs, 4, 'Guardian Defender', 'entity.name.type.model.army-list');
    assertScope(bs, 5, 'Incursion', 'support.constant.battle-size.army-list');
  });
});

describe('grammar: real exports in ../shared/lists', function () {
  before(function () {
    requireShared(this, 'lists', 'MANIFEST.csv');
  });

  it('every unit line gets the unit scope (count = manifest unit_count) and nothing is a comment', async () => {
    const rows = fs
      .readFileSync(sharedPath('lists', 'MANIFEST.csv'), 'utf8')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((l) => l.split(','));
    assert.ok(rows.length >= 8);
    const formats = new Set<string>();
    for (const [file, format, , , , unitCount] of rows) {
      const lines = await tokenize(fs.readFileSync(sharedPath('lists', file), 'utf8'));
      let units = 0;
      for (let i = 0; i < lines.length; i++) {
        assert.ok(!hasScopePrefix(lines, i, 'comment'), `${file}:${i + 1} tokenised as a comment`);
        const isUnitLine = lines[i].some(
          (t) => t.scopes.includes('meta.unit.army-list') && t.scopes.includes('entity.name.type.unit.army-list'),
        );
        if (isUnitLine) units++;
      }
      assert.strictEqual(units, Number(unitCount), `${file} (${format}): unit lines`);
      formats.add(format);
    }
    assert.ok(formats.size >= 6, `formats covered: ${[...formats].join(', ')}`);
  });
});
