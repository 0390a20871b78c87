// The closed-form joint of (packets, dev wounds) (binomial thinning, joint.ts) against the generic compound
// over attacks it replaces for weapons without Lethal Hits: every cell, "at least" cells included, within 1e-12.
import * as assert from 'assert';
import { compound, convolve, convolvePower, diceDist } from '../../server/src/service/domain/damage/dice';
import { compound2, jointFrom, addScaled2, spreadUnits, thinnedJoint, thinning } from '../../server/src/service/domain/damage/joint';
import { withBudget } from '../../server/src/service/domain/damage/budget';

function generic(attacks: number[], pHit: number, pCrit: number, sustained: number[], a: number, b: number, units: number[], kCap: number, mCap: number) {
  const h1rows: number[][] = [new Array(units.length).fill(0), [a]];
  h1rows[0][0] = 1 - a - b;
  for (let v = 1; v < units.length; v++) h1rows[0][v] += b * units[v];
  const h1 = jointFrom(h1rows);
  let perAttack = jointFrom([[1 - pHit]]);
  perAttack = addScaled2(perAttack, h1, pHit - pCrit);
  // A Critical Hit: its own wound roll plus the Sustained Hits, each a wound-rolled hit.
  const crit = compound2(convolve([0, 1], sustained), h1, Infinity, Infinity);
  perAttack = addScaled2(perAttack, crit, pCrit);
  return compound2(attacks, perAttack, kCap, mCap);
}

describe('damage engine: the closed-form joint of packets and dev wounds', () => {
  const cases: [string, string, number, number, number[], number, number, number[], number, number][] = [
    ['20×2D6 attacks, sustained 2, dev', '2D6', 20, 2 / 3, [0, 0, 1], 1 / 4, 1 / 6, [0, 1], 48, 48],
    ['10×2 attacks, no dev, no cap reached', '2', 10, 1 / 2, [1], 1 / 3, 0, [1], 100, 1],
    ['5×D6 attacks, sustained D3, dev spill D3, small caps', 'D6', 5, 2 / 3, diceDist('D3'), 0.3, 1 / 6, [0, 1 / 3, 1 / 3, 1 / 3], 6, 9],
    ['torrent 3×D6, dev', 'D6', 3, 1, [1], 0.5, 1 / 6, [0, 1], 20, 20],
  ];
  for (const [name, A, models, pHit, sustained, a, b, units, kCap, mCap] of cases) {
    it(name, () => {
      withBudget(() => {
        const perModel = diceDist(A);
        const attacks = convolvePower(perModel, models);
        const pCrit = pHit === 1 ? 0 : 1 / 6;
        const g = generic(attacks, pHit, pCrit, sustained, a, b, units, kCap, mCap);
        const perAttack = [1 - pHit, pHit - pCrit];
        const critRolled = convolve([0, 1], sustained);
        for (let v = 0; v < critRolled.length; v++) perAttack[v] = (perAttack[v] ?? 0) + pCrit * critRolled[v];
        const rolled = convolvePower(compound(perModel, perAttack), models);
        let c = thinnedJoint(rolled, a, b, kCap, mCap);
        if (b > 0) c = spreadUnits(c, units, mCap);
        assert.strictEqual(c.nk, g.nk, 'rows');
        assert.strictEqual(c.nm, g.nm, 'columns');
        for (let i = 0; i < g.p.length; i++) assert.ok(Math.abs(c.p[i] - g.p[i]) < 1e-12, `cell ${Math.floor(i / g.nm)},${i % g.nm}: ${c.p[i]} vs ${g.p[i]}`);
      });
    });
  }

  it('binomial thinning is a probability law with the thinned mean', () => {
    withBudget(() => {
      const R = convolvePower(diceDist('2D6'), 30);
      const t = thinning(R, 0.3, R.length - 1);
      const total = t.reduce((x, y) => x + y, 0);
      const m = t.reduce((x, y, j) => x + j * y, 0);
      assert.ok(Math.abs(total - 1) < 1e-12, String(total));
      assert.ok(Math.abs(m - 30 * 7 * 0.3) < 1e-9, String(m));
    });
  });
});
