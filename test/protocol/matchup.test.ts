// Protocol test of the opponent over stdio: a list's `OPPONENT: <path>` line makes the server read that file
// (relative to the list), its hover names the opponent's faction, detachment and points, the lens names an
// opponent unit and opens the pair's breakdown, `auspex/matchup` answers the matrix; a missing file is a
// diagnostic on the path. Self-contained: the embedded seed data and the repository's example list.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CodeLensRequest, HoverRequest, RequestType } from 'vscode-languageserver-protocol/node';
import { repoRoot } from '../support/shared';
import { ServerHandle, startServerProcess } from '../support/lspClient';
import type { Matchup, MatchupConditions } from '../../server/src/service/features/matchup';
import type { BreakdownConditions, DamageBreakdown } from '../../server/src/service/features/damageBreakdown';

const MatchupRequest = new RequestType<{ uri: string; conditions?: MatchupConditions; directions?: unknown }, Matchup | null, void>('auspex/matchup');
const DamageBreakdownRequest = new RequestType<{ uri: string; unitIndex: number; targetIndex: number; conditions?: BreakdownConditions }, DamageBreakdown | null, void>('auspex/damageBreakdown');

describe('the opponent and the matchup over stdio', function () {
  this.timeout(30000);
  let server: ServerHandle;
  let dir: string;
  const example = fs.readFileSync(path.join(repoRoot, 'examples', 'claw-of-ascension.army'), 'utf8');
  const uri = (name: string) => `file://${path.join(dir, name)}`;
  const mine = () => `OPPONENT: lists/theirs.army\n${example}`;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-opponent-'));
    fs.mkdirSync(path.join(dir, 'lists'));
    fs.writeFileSync(path.join(dir, 'lists', 'theirs.army'), `Their Claw (85 Points)\n${example.replace('Atalan Jackals', 'Atalan Jackals (85 Points)')}`);
    server = startServerProcess();
    // The workspace: opponents are read within it (or the list's own folder) only.
    await server.initialize({ rootUri: `file://${dir}` });
  });

  after(async () => {
    if (server) await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the opponent relative to the list: no opponent finding, the hover names its faction, detachment and points', async () => {
    const { diagnostics } = await server.open(uri('mine.army'), mine());
    assert.deepStrictEqual(diagnostics.filter((d) => String(d.code).startsWith('opponent')), []);
    const h = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uri('mine.army') }, position: { line: 0, character: 2 } });
    const text = (h!.contents as { value: string }).value;
    assert.match(text, /\*\*Opponent\*\*: Their Claw/);
    assert.match(text, /Faction: Genestealer Cults/);
    assert.match(text, /Detachment: Claw of Ascension/);
    assert.match(text, /Points: 85 \(the list states 85\), 1 units/);
  });

  it('the lens names the opponent\'s unit and opens the pair\'s breakdown', async () => {
    const lenses = await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: uri('mine.army') } });
    assert.strictEqual(lenses!.length, 1);
    const cmd = lenses![0].command!;
    assert.match(cmd.title, /^⚔ \d+\.\d dmg, \d+\.\d slain — (Shooting|Fight) vs Atalan Jackals$/);
    assert.deepStrictEqual(cmd.arguments!.slice(0, 4), [uri('mine.army'), 0, 0, { together: true, vs: 'opponent' }]);
    assert.match((cmd as { tooltip?: string }).tooltip ?? '', /^vs Atalan Jackals: Shooting [\d.]+ dmg \/ [\d.]+ slain · Fight [\d.]+ dmg \/ [\d.]+ slain · [\d.]+ pts removed \(\d+% of its points\)$/m);
    const b = await server.connection.sendRequest(DamageBreakdownRequest, { uri: uri('mine.army'), unitIndex: 0, targetIndex: 0, conditions: { vs: 'opponent' } });
    assert.strictEqual(b!.target.name, 'Atalan Jackals');
    // The real unit: two model groups (4 Jackals W2, the Wolfquad W4), Stealth from the datasheet.
    assert.deepStrictEqual(b!.target.profile.groups!.map((g) => [g.models, g.W]), [[4, 2], [1, 4]]);
    assert.strictEqual(b!.target.profile.stealth, true);
  });

  it('auspex/matchup answers both directions with the conditions applied', async () => {
    const m = await server.connection.sendRequest(MatchupRequest, { uri: uri('mine.army') });
    assert.ok(m);
    assert.deepStrictEqual(m.forward.attackers.map((a) => a.name), ['Atalan Jackals']);
    assert.deepStrictEqual(m.forward.defenders.map((d) => [d.name, d.points, d.models]), [['Atalan Jackals', 85, 5]]);
    assert.deepStrictEqual(m.forward.pairs.map((p) => p.phase), ['shooting', 'fight']);
    assert.strictEqual(m.reverse.pairs.length, 2);
    assert.strictEqual(m.theirs.faction, 'Genestealer Cults');
    const covered = await server.connection.sendRequest(MatchupRequest, { uri: uri('mine.army'), conditions: { cover: true } });
    assert.ok(covered!.forward.pairs[0].damage < m.forward.pairs[0].damage, 'cover lowers the shooting damage');
    assert.strictEqual(covered!.toggles.find((t) => t.key === 'cover')!.on, true);
    // The view asks the direction it shows first (issue 24: opening costs one direction), the other one after.
    const reverse = await server.connection.sendRequest(MatchupRequest, { uri: uri('mine.army'), directions: ['reverse'] });
    assert.deepStrictEqual([reverse!.forward.pairs.length, reverse!.reverse.pairs], [0, m.reverse.pairs]);
    const forward = await server.connection.sendRequest(MatchupRequest, { uri: uri('mine.army'), directions: ['forward'] });
    assert.deepStrictEqual([forward!.forward.pairs, forward!.reverse.pairs.length], [m.forward.pairs, 0]);
    // Anything else is both.
    const both = await server.connection.sendRequest(MatchupRequest, { uri: uri('mine.army'), directions: ['sideways', 7] });
    assert.deepStrictEqual([both!.forward.pairs.length, both!.reverse.pairs.length], [m.forward.pairs.length, m.reverse.pairs.length]);
  });

  it('an open opponent wins over the disk; editing it re-checks the list naming it (two lists naming each other settle)', async () => {
    const theirs = uri('lists/theirs.army');
    await server.open(theirs, `OPPONENT: ../mine.army\n${example}`);
    // The list is checked again with the edited opponent, which no longer has a unit.
    const again = server.diagnostics(uri('mine.army'), (p) => p.diagnostics.some((d) => d.code === 'opponent-unreadable'));
    await server.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: theirs, version: 2 },
      contentChanges: [{ text: 'OPPONENT: ../mine.army\nnot a list at all\n' }],
    });
    const p = await again;
    assert.match(p.diagnostics.find((d) => d.code === 'opponent-unreadable')!.message, /is not an army list/);
    const m = await server.connection.sendRequest(MatchupRequest, { uri: theirs });
    assert.ok(m && m.forward.attackers.length === 0 && m.reverse.attackers.length === 1, 'the edited text, not the disk');
    // Settled: no endless re-checking between the two lists.
    let more = 0;
    const count = () => server.diagnostics(uri('mine.army'), () => (more++, false), 1500).catch(() => undefined);
    await count();
    assert.ok(more <= 1, `published ${more} more times`);
    await server.connection.sendNotification('textDocument/didClose', { textDocument: { uri: theirs } });
  });

  it('a missing opponent file is a diagnostic on the path; no matchup', async () => {
    const { diagnostics } = await server.open(uri('lonely.army'), `OPPONENT: nowhere.army\n${example}`);
    const d = diagnostics.find((x) => x.code === 'opponent-unreadable');
    assert.ok(d, JSON.stringify(diagnostics));
    assert.deepStrictEqual(d.range, { start: { line: 0, character: 10 }, end: { line: 0, character: 22 } });
    assert.match(d.message, /cannot be read: no such file/);
    assert.strictEqual(await server.connection.sendRequest(MatchupRequest, { uri: uri('lonely.army') }), null);
  });
});
