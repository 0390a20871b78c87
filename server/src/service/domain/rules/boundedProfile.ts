// The loaders' side of domain/bounds.ts: a weapon profile read from a data file is checked once, where its
// file and row (or element) are known, so the warning can name them. A weapon keyword whose number is beyond
// BOUNDS.abilityNumber ("SUSTAINED HITS 999999999") is dropped; a characteristic beyond its bound is kept
// and reported (the damage engine refuses that weapon with the same bound, the rest of the data works).
import { BOUNDS } from '../bounds';
import type { DataWarning, SourceRef, WeaponProfile } from './model';
import { warn } from './dataFiles';

const NUMBERED = /^(SUSTAINED HITS|MELTA|RAPID FIRE)\s+(\S+)$/i;

/** The largest value of "7", "D6", "2D6+3"; undefined when it is not one. Never builds a distribution. */
export function maxOfDiceText(s: string): number | undefined {
  const t = s.trim();
  if (/^\d+$/.test(t)) return t.length > 9 ? Infinity : Number(t);
  const m = /^(\d{0,4})\s*[dD]\s*(\d{1,4})\s*(?:\+\s*(\d+))?$/.exec(t);
  if (!m) return undefined;
  const plus = m[3] ? (m[3].length > 9 ? Infinity : Number(m[3])) : 0;
  return (m[1] === '' ? 1 : Number(m[1])) * Number(m[2]) + plus;
}

/** Checks one profile; out-of-bounds keywords are removed (returns a new profile then), each problem warned once. */
export function boundWeaponProfile(p: WeaponProfile, source: SourceRef, warnings: DataWarning[]): WeaponProfile {
  const where = `${source.file}${source.locator ? ` ${source.locator}` : ''}: weapon "${p.name}"`;
  let abilities = p.abilities;
  for (const a of p.abilities) {
    const m = NUMBERED.exec(a.trim());
    const v = m ? maxOfDiceText(m[2]) : undefined;
    if (v !== undefined && v > BOUNDS.abilityNumber) {
      warnings.push(warn('value-out-of-bounds', `${where}: keyword "${a.length > 60 ? a.slice(0, 60) + '…' : a}" is beyond the bound of ${BOUNDS.abilityNumber}; keyword ignored`, source));
      abilities = abilities.filter((x) => x !== a);
    }
  }
  const check = (what: string, text: string | number, bound: number) => {
    const v = typeof text === 'number' ? text : maxOfDiceText(text);
    if (v !== undefined && v > bound) {
      warnings.push(warn('value-out-of-bounds', `${where}: ${what} ${String(text).slice(0, 30)} is beyond the bound of ${bound}; its damage is not computed`, source));
    }
  };
  check('Attacks', p.A, BOUNDS.attacks);
  check('Damage', p.D, BOUNDS.damage);
  if (Number.isFinite(p.S)) check('Strength', p.S, BOUNDS.strength);
  return abilities === p.abilities ? p : { ...p, abilities };
}
