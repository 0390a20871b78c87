// The army's rules over stdio (issue 30), with BSData 11e and the MFM v1.1 configured: the lens of a led unit names
// its Leader and its conditions, the Leader's line says which unit it attacks with, the breakdown lists the rules
// applied and not with the bare datasheets' figure beside, a named condition switches a rule on, and the hovers on
// a Leader, an Enhancement and a detachment say what they add. The figures are those of ../shared/army-damage-11e.
import * as assert from 'assert';
import * as fs from 'fs';
import { CodeLensRequest, DidChangeConfigurationNotification, HoverRequest, RequestType } from 'vscode-languageserver-protocol/node';
import { ServerHandle, startServerProcess } from '../support/lspClient';
import { requireShared, sharedPath } from '../support/shared';
import type { BreakdownConditions, DamageBreakdown } from '../../server/src/service/features/damageBreakdown';
import { ARMY_CASES, whenConditions } from '../support/armyCases';

const DamageBreakdownRequest = new RequestType<{ uri: string; unitIndex: number; targetIndex: number; conditions?: BreakdownConditions }, DamageBreakdown | null, void>('auspex/damageBreakdown');
const MEQ = { name: 'MEQ', models: 5, T: 4, Sv: 3, W: 2, keywords: ['INFANTRY'] };

describe('the army\'s rules over stdio', function () {
  this.timeout(60000);
  let server: ServerHandle;
  const uri = 'file:///lists/orks.army';
  let text = '';
  const lineOf = (s: string) => text.split('\n').findIndex((l) => l.startsWith(s));

  before(async function () {
    requireShared(this, 'data', 'bsdata-11e');
    requireShared(this, 'lists-11e', 'gwapp11_orks_1.txt');
    text = fs.readFileSync(sharedPath('lists-11e', 'gwapp11_orks_1.txt'), 'utf8');
    server = startServerProcess();
    const settings = { data: { paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] }, damage: { targets: [MEQ] } };
    await server.initialize({ initializationOptions: settings });
    await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { auspex: settings } });
    await server.open(uri, text);
  });

  after(async () => {
    if (server) await server.stop();
  });

  const lensAt = async (line: number) => {
    for (const t0 = Date.now(); Date.now() - t0 < 20000; await new Promise((r) => setTimeout(r, 100))) {
      const lenses = (await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
      const l = lenses.find((x) => x.range.start.line === line && /vs MEQ/.test(x.command?.title ?? ''));
      if (l) return l;
    }
    throw new Error(`no lens on line ${line}`);
  };

  it('a led unit\'s lens names its Leader and its conditions; the Leader\'s line attacks with it', async () => {
    const boyz = await lensAt(lineOf('Beast Snagga Boyz'));
    // The worked case: Beastboss leading, +1 to hit in melee: 13.4 damage, 4.8 models slain against MEQ.
    assert.match(boyz.command!.title, /^⚔ 13\.4 dmg, 4\.8 slain · with Beastboss · 3 conditions — Fight vs MEQ$/);
    assert.match((boyz.command as { tooltip?: string }).tooltip ?? '', /^applied: Beastboss: \+1 to hit: melee attacks of every model of the unit$/m);
    assert.deepStrictEqual(boyz.command!.arguments!.slice(1, 4), [text.split('\n').filter((l) => /\(\d+ Points\)$/.test(l)).indexOf('Beast Snagga Boyz (90 Points)'), 0, { together: true }]);
    const boss = await lensAt(lineOf('Beastboss (80 Points)'));
    assert.match(boss.command!.title, /^⚔ 13\.4 dmg, 4\.8 slain — attacks with Beast Snagga Boyz \(line 40\) · Fight vs MEQ$/);
    assert.deepStrictEqual(boss.command!.arguments!.slice(1, 4), boyz.command!.arguments!.slice(1, 4));
  });

  it('the breakdown lists the rules applied and not, the bare figure beside, and a switch that turns the Waaagh! on', async () => {
    const boyz = await lensAt(lineOf('Beast Snagga Boyz'));
    const [, unitIndex, targetIndex, conditions] = boyz.command!.arguments! as [string, number, number, BreakdownConditions];
    const b = (await server.connection.sendRequest(DamageBreakdownRequest, { uri, unitIndex, targetIndex, conditions }))!;
    assert.strictEqual(b.unit.name, 'Beast Snagga Boyz + Beastboss');
    const fight = b.phases.find((p) => p.phase === 'fight')!;
    assert.ok(Math.abs(fight.total.damage - 13.425926) < 1e-5 && Math.abs(fight.bare!.damage - 11.111111) < 1e-5, JSON.stringify([fight.total, fight.bare]));
    assert.deepStrictEqual(b.army.applied.map((a) => [a.kind, a.name, a.steps]), [['leader', 'Beastboss', ['hit roll']]]);
    assert.ok(b.army.notApplied.some((n) => n.name === 'Waaagh!'), 'the Waaagh! is said, off');
    const toggle = b.toggles.find((t) => t.key === 'rule:Waaagh!');
    assert.ok(toggle && !toggle.on, JSON.stringify(b.toggles.map((t) => t.key)));
    const waaagh = (await server.connection.sendRequest(DamageBreakdownRequest, { uri, unitIndex, targetIndex, conditions: { ...conditions, rules: ['Waaagh!'], charged: true } }))!;
    const f = waaagh.phases.find((p) => p.phase === 'fight')!;
    assert.ok(Math.abs(f.total.damage - 18.564815) < 1e-5, `Waaagh! and charged: ${f.total.damage}`);
    assert.ok(waaagh.army.applied.some((a) => a.kind === 'army' && a.name === 'Waaagh!'));
  });

  it('hovers on a Leader, an Enhancement and a detachment say what they add to which unit\'s attacks', async () => {
    const hover = async (line: number, character: number) => {
      const h = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } });
      // The Markdown as read: its escapes ("\\(") undone.
      return ((h?.contents as { value: string } | undefined)?.value ?? '').replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1');
    };
    assert.match(await hover(lineOf('Beastboss (80 Points)'), 2), /\*\*Attached to Beast Snagga Boyz \(line 40\): what it adds to the unit's attacks:\*\*\n\n- Beastboss: \+1 to hit: melee attacks of every model of the unit/);
    const enhLine = lineOf('  • Enhancements: Git-Spotter Squig');
    assert.match(await hover(enhLine, 22), /what it adds to the attacks of Flash Gitz \+ Bannernob \(line 74\)/);
    assert.match(await hover(enhLine, 22), /\[IGNORES COVER\]: ranged attacks of every model of the unit/);
    assert.match(await hover(lineOf('Freebooter Krew'), 3), /Here Be Loot: \[SUSTAINED HITS 1\]: attacks of every model of the unit \(Here Be Loot/);
  });
});

describe('each kind of army rule over stdio: the breakdown\'s figure, exact by hand (test/support/armyCases.ts)', function () {
  this.timeout(60000);
  for (const c of ARMY_CASES) {
    it(c.name, async function () {
      for (const d of c.data) requireShared(this, ...d);
      const server = startServerProcess();
      try {
        const settings = { data: { paths: c.data.map((d) => (d[1] === 'wahapedia' ? `10=${sharedPath(...d)}` : sharedPath(...d))) }, damage: { targets: [c.target] } };
        await server.initialize({ initializationOptions: settings });
        await server.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { auspex: settings } });
        const uri = 'file:///lists/case.army';
        const text = c.text();
        await server.open(uri, text);
        const units = text.split('\n').filter((l) => /\(\d[\d,]* [Pp]oints\)$/.test(l) && !/^(?:Strike Force|Incursion|Onslaught)/.test(l)).slice(1);
        const unitIndex = units.findIndex((l) => l.startsWith(`${c.unit} (`));
        assert.ok(unitIndex >= 0, `${c.unit} in ${units.join(' | ')}`);
        let b: DamageBreakdown | null = null;
        for (const t0 = Date.now(); Date.now() - t0 < 20000 && !b?.phases.length; await new Promise((r) => setTimeout(r, 100))) {
          b = await server.connection.sendRequest(DamageBreakdownRequest, { uri, unitIndex, targetIndex: 0, conditions: { together: true, ...whenConditions(c.when) } as BreakdownConditions });
        }
        const p = b!.phases.find((x) => x.phase === c.phase)!;
        assert.ok(p, `${c.unit}: no ${c.phase} phase`);
        const got: Record<string, number> = { damage: p.total.damage, hits: p.total.hits, attacks: p.total.attacks, wounds: p.total.wounds };
        for (const [k, v] of Object.entries(c.expected)) assert.ok(Math.abs(got[k] - v) <= 1e-9 * Math.max(1, v), `${k}: ${got[k]} expected ${v}`);
      } finally {
        await server.stop();
      }
    });
  }
});
