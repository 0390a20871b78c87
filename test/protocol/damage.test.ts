// Protocol test of the damage features over stdio: code lenses carry the breakdown
// command with (uri, unit index, target index), the targets come from the settings
// (here initializationOptions), and `auspex/damageBreakdown` answers with the data.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  CodeLensRequest,
  RequestType,
} from 'vscode-languageserver-protocol/node';
import { repoRoot } from '../support/shared';
import { ServerHandle, startServerProcess } from '../support/lspClient';
import type { BreakdownConditions, DamageBreakdown } from '../../server/src/service/features/damageBreakdown';

const DamageBreakdownRequest = new RequestType<{ uri: string; unitIndex: number; targetIndex: number; conditions?: BreakdownConditions }, DamageBreakdown | null, void>('auspex/damageBreakdown');
const file = path.join(repoRoot, 'examples', 'claw-of-ascension.army');
const doc = { uri: `file://${file}`, text: fs.readFileSync(file, 'utf8') };
const TARGETS = [
  { name: 'MEQ', models: 5, T: 4, Sv: 3, W: 2, keywords: ['INFANTRY'] },
  { name: 'Knight', models: 1, T: 11, Sv: 3, invuln: 5, W: 22, keywords: ['VEHICLE'] },
];

describe('damage lenses and breakdown over stdio', function () {
  let server: ServerHandle;

  before(async () => {
    server = startServerProcess();
    await server.initialize({ initializationOptions: { damage: { targets: TARGETS } } });
    await server.open(doc.uri, doc.text);
  });

  after(async () => {
    if (server) await server.stop();
  });

  it('returns one short lens per unit, every target and the stratagem variant in its tooltip, with the breakdown command', async () => {
    const lenses = await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri: doc.uri } });
    assert.ok(lenses);
    const titles = lenses.map((l) => l.command?.title);
    assert.strictEqual(titles.length, 1, titles.join('\n'));
    assert.match(titles[0]!, /^⚔ 2\.2 dmg, 0\.5 slain — Shooting vs MEQ · Knight: (Shoot|Fight) [\d.]+\/0\.0$/);
    assert.ok(titles[0]!.length <= 100);
    const tooltip = (lenses[0].command as { tooltip?: string }).tooltip ?? '';
    const lines = tooltip.split('\n');
    assert.strictEqual(lines[0], 'vs MEQ: Shooting 2.2 dmg / 0.5 slain · Fight 1.4 dmg / 0.5 slain');
    assert.match(lines[1], /^vs Knight: Shooting [\d.]+ dmg \/ 0\.0 slain · Fight [\d.]+ dmg \/ 0\.0 slain$/);
    assert.match(lines[2], /^with POINT-BLANK AMBUSH \(within 12"\) vs MEQ: Shooting 2\.6 dmg \/ [\d.]+ slain · Fight 2\.0 dmg/);
    assert.strictEqual(lenses[0].command?.command, 'auspex.showDamageBreakdown');
    // The fifth argument carries the tooltip for the VS Code client, whose converter drops the command's tooltip.
    assert.deepStrictEqual(lenses[0].command!.arguments, [doc.uri, 0, 0, { together: true }, { tooltip }]);
  });

  it('answers auspex/damageBreakdown with the unit\'s phases, and re-answers with conditions', async () => {
    const b = await server.connection.sendRequest(DamageBreakdownRequest, { uri: doc.uri, unitIndex: 0, targetIndex: 0 });
    assert.ok(b);
    assert.strictEqual(b.unit.name, 'Atalan Jackals');
    assert.strictEqual(b.target.name, 'MEQ');
    assert.deepStrictEqual(b.targets.map((t) => t.name), ['MEQ', 'Knight']);
    assert.deepStrictEqual(b.phases.map((p) => p.phase), ['shooting', 'fight']);
    assert.ok(Math.abs(b.phases[0].total.damage - (8 / 12 + (25 / 72) * 4.5)) < 1e-9);
    const with12 = await server.connection.sendRequest(DamageBreakdownRequest, {
      uri: doc.uri, unitIndex: 0, targetIndex: 0, conditions: { stratagems: ['POINT-BLANK AMBUSH'], stealth: true },
    });
    assert.ok(with12);
    assert.deepStrictEqual(with12.toggles.filter((t) => t.on).map((t) => t.key), ['stealth', 'stratagem:POINT-BLANK AMBUSH']);
    assert.deepStrictEqual(with12.phases[1].stratagems, ['POINT-BLANK AMBUSH']);
    assert.ok(with12.phases[1].total.damage > b.phases[1].total.damage);
  });

  it('answers null for an unknown document or unit, without failing', async () => {
    assert.strictEqual(await server.connection.sendRequest(DamageBreakdownRequest, { uri: 'file:///nowhere.army', unitIndex: 0, targetIndex: 0 }), null);
    assert.strictEqual(await server.connection.sendRequest(DamageBreakdownRequest, { uri: doc.uri, unitIndex: 7, targetIndex: 0 }), null);
  });
});
