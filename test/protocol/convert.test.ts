// Protocol test: `auspex/convert` (the server side of *Convert List To…* and *Copy List As…*) over stdio.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { RequestType } from 'vscode-languageserver-protocol/node';
import { repoRoot } from '../support/shared';
import { ServerHandle, startServerProcess } from '../support/lspClient';

type Converted = { text: string; dropped: string[]; escaped: string[] } | { error: string } | null;
const Convert = new RequestType<{ uri: string; format: string; edition?: number }, Converted, void>('auspex/convert');

describe('auspex/convert over stdio', function () {
  let server: ServerHandle;
  const file = path.join(repoRoot, 'test', 'fixtures', 'navigation', 'raid.army');
  const uri = `file://${file}`;

  before(async () => {
    server = startServerProcess();
    await server.initialize();
    await server.open(uri, fs.readFileSync(file, 'utf8'));
  });

  after(async () => {
    if (server) await server.stop();
  });

  it('answers the list in the format asked for, with what it cannot hold (said apart, never in the text)', async () => {
    const r = await server.connection.sendRequest(Convert, { uri, format: 'nr-gw' });
    assert.ok(r && 'text' in r, JSON.stringify(r));
    assert.match(r.text, /^\+{47}\n\+ LIST NAME: Jackal Raid\n\+ FACTION KEYWORD: Genestealer Cults\n\+ DETACHMENT: Claw of Ascension\n/);
    assert.match(r.text, /\nOTHER DATASHEETS\n\n5x Atalan Jackals\n• 4x Atalan Jackal\n {4}• 4x Atalan small arms\n/);
    // The comment and the STRATAGEMS plan are Auspex's own: no export holds them; New Recruit states no Combat Patrol.
    assert.deepStrictEqual(r.dropped, ['the battle size Combat Patrol (New Recruit states a points limit only)', '1 comment line', 'the STRATAGEMS plan']);
    assert.deepStrictEqual(r.escaped, []);
    assert.ok(!r.text.split('\n').some((l) => l.startsWith('#')));
  });

  it('compact leaves out the wargear the datasheet gives by default (the rules data the server holds)', async () => {
    const r = await server.connection.sendRequest(Convert, { uri, format: 'compact' });
    assert.ok(r && 'text' in r, JSON.stringify(r));
    const units = r.text.split('\n').filter((l) => l.includes('Atalan Jackals'));
    assert.strictEqual(units.length, 2, r.text);
    for (const u of units) assert.match(u, /^\d+x Atalan Jackals/);
    assert.ok(r.dropped.some((d) => /^default wargear of \d units?$/.test(d)) || units.every((u) => /small arms/.test(u)), r.text);
  });

  it('refuses an unknown format with a reason, and answers null for a document it does not hold', async () => {
    assert.deepStrictEqual(await server.connection.sendRequest(Convert, { uri, format: 'pdf' }), { error: 'unknown format "pdf" (app, app-v2, nr-gw, nr-wtc, nr-tournament, warorgan, compact)' });
    assert.strictEqual(await server.connection.sendRequest(Convert, { uri: 'file:///not/open.army', format: 'app' }), null);
  });
});
