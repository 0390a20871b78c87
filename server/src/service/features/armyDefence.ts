// A list's unit as a target with the defensive side of its army's rules: what its Enhancements, its detachments' and
// its army's rules (and its Leaders' and datasheets' abilities, read by the same reader as its attacks) give its
// models against attacks (an invulnerable save, Feel No Pain, -1 Damage) and do to the attacks against it (-1 to be
// hit or wounded, AP worsened), under the conditions that hold. The matchup and the lenses against an opponent read
// both sides so.
import type { ArmyList } from '../domain/parse/ast';
import type { RulesIndex } from '../domain/rules';
import type { ListTarget } from '../domain/damage/targetUnit';
import { groupedTarget, type TargetGroup } from '../domain/damage/scenario';
import { armyDefence, type ArmyDefence, type ArmyState } from '../domain/damage/armyRules';
import { attackingUnit } from './attackingUnit';
import { attackRules, type ArmyResolution } from './armySources';

const memo = new WeakMap<ListTarget, Map<string, { target: ListTarget; defence: ArmyDefence }>>();

/** `t` with its army's defensive rules applied; `t` itself when they change nothing. Memoised per target and state. */
export function defendedTarget(t: ListTarget, list: ArmyList, rules: RulesIndex, army: ArmyResolution, state: ArmyState = {}): { target: ListTarget; defence: ArmyDefence } {
  const key = JSON.stringify(state);
  let m = memo.get(t);
  if (!m) memo.set(t, (m = new Map()));
  const hit = m.get(key);
  if (hit) return hit;
  const unit = list.units[t.index];
  const attacker = unit && attackingUnit(list, unit, rules, true);
  let out: { target: ListTarget; defence: ArmyDefence } = { target: t, defence: { parts: [], incoming: {}, applied: [], conditions: [] } };
  if (attacker) {
    const { parts, sources } = attackRules(army, attacker);
    const defence = armyDefence(parts, sources, state);
    out = { target: withDefence(t, defence), defence };
  }
  if (m.size > 32) m.clear();
  m.set(key, out);
  return out;
}

function withDefence(t: ListTarget, d: ArmyDefence): ListTarget {
  const changed = d.parts.some((p) => Object.keys(p).length) || Object.keys(d.incoming).length;
  if (!changed) return t;
  const groups: TargetGroup[] = (t.target.groups ?? []).map((g) => {
    const p = d.parts[g.part ?? 0];
    if (!p || !Object.keys(p).length) return g;
    const out: TargetGroup = { ...g };
    if (p.invuln && (!out.invuln || p.invuln < out.invuln)) out.invuln = p.invuln;
    if (p.fnp && (!out.fnp || p.fnp < out.fnp)) out.fnp = p.fnp;
    if (p.fnpMortal && (!out.fnpMortal || p.fnpMortal < out.fnpMortal)) out.fnpMortal = p.fnpMortal;
    if (p.damageReduction) out.damageReduction = Math.max(out.damageReduction ?? 0, p.damageReduction);
    if (p.halfDamage) out.halfDamage = true;
    if (p.toughnessMod) out.T = Math.max(1, out.T + p.toughnessMod);
    return out;
  });
  const target = groups.length ? groupedTarget(groups, { stealth: t.target.stealth }) : { ...t.target };
  if (Object.keys(d.incoming).length) target.incoming = d.incoming;
  return { ...t, target };
}
