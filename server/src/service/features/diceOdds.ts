// The dice-odds section of a unit's hover: the chance to make a charge of 1" to 12"
// (2D6, and with each +1 a usable stratagem's EFFECT grants), to pass a Battle-shock
// test at the datasheet's best Leadership, and the Advance distance (M + D6); under the
// list's edition, which says when these rolls are not its own (the 11th's are not in its data).
import type { ArmyList } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import type { Datasheet } from '../domain/rules/model';
import { advanceDistribution, battleShockPass, chargeTable } from '../domain/damage/odds';
import { canTarget } from '../domain/stratagems/eligibility';
import { listStratagems, stratagemEffect } from './unitFire';
import { editionRules, type Edition } from '../domain/editions';

export interface RollBonus {
  label: string;
  mod: number;
}

/** Charge-roll modifiers from stratagems of the list's detachment or plan that a unit of this datasheet can be the target of. */
export function chargeBonuses(list: ArmyList, rules: RulesIndex, sheet: Datasheet): RollBonus[] {
  return listStratagems(list, rules, (e) => !!e.chargeMod)
    .filter((s) => canTarget(s, sheet))
    .map((s) => ({ label: s.name, mod: stratagemEffect(s).chargeMod as number }));
}

/** Percent, whole above 10%, one decimal below (a 12" charge is 2.8%, not 3%). */
export function percent(p: number): string {
  const x = p * 100;
  if (x >= 99.95) return '100%';
  if (x <= 0) return '0%';
  return x >= 10 ? `${Math.round(x)}%` : `${x.toFixed(1)}%`;
}

export function diceOddsMarkdown(sheet: Datasheet, bonuses: RollBonus[] = [], edition: Edition = 10): string {
  const out: string[] = ['#### Dice odds'];
  const base = chargeTable(0);
  const head = `| Charge | ${base.map((c) => `${c.distance}"`).join(' | ')} |`;
  const sep = `|---|${base.map(() => '--:').join('|')}|`;
  const rows = [`| 2D6 | ${base.map((c) => percent(c.p)).join(' | ')} |`];
  for (const b of bonuses) {
    const sign = b.mod > 0 ? '+' : '';
    rows.push(`| ${sign}${b.mod} (${escapeCell(b.label)}) | ${chargeTable(b.mod).map((c) => percent(c.p)).join(' | ')} |`);
  }
  out.push([head, sep, ...rows].join('\n'));
  const lines: string[] = [];
  const lds = sheet.models.map((m) => m.Ld).filter((x) => Number.isFinite(x) && x > 0);
  if (lds.length) {
    // Leadership is a target number: the best (lowest) model's is the unit's.
    const ld = Math.min(...lds);
    lines.push(`**Battle-shock** at Ld ${ld}+: ${percent(battleShockPass(ld))} to pass (2D6 ≥ ${ld})`);
  }
  const moves = [...new Set(sheet.models.map((m) => parseInt(m.M, 10)).filter((m) => Number.isFinite(m)))];
  if (moves.length) {
    // The slowest model sets how far the unit can Advance together.
    const m = Math.min(...moves);
    const d = advanceDistribution(m);
    lines.push(`**Advance** M ${m}" + D6: ${d[0].distance}"–${d[d.length - 1].distance}", each ${percent(1 / 6)}, ${(m + 3.5).toFixed(1)}" on average`);
  }
  if (lines.length) out.push(lines.join('  \n'));
  const note = editionRules(edition).damage.oddsNote;
  if (note) out.push(`_${note}_`);
  return out.join('\n\n');
}

function escapeCell(s: string): string {
  return s.replace(/\|/g, '\\|');
}
