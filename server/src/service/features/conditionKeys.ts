// How a toggle of the breakdown and the matchup views changes the conditions: its own module, importing only
// types, so that the VS Code client's views call it without bundling the server's features.
import type { BreakdownConditions, ConditionKey } from './conditions';

/**
 * The conditions with one toggle switched (`key` as the breakdown's and the matchup's toggles name it): a condition
 * key, `stratagem:<label>`, `rule:<name>` (a rule whose state holds), `state:<key>`, `battleRound:<n>`,
 * `targetDistance:<n>`. Unknown keys change nothing. Pure: the VS Code client's views call it.
 */
export function applyToggle(conditions: BreakdownConditions, key: string, on: boolean): BreakdownConditions {
  const c: BreakdownConditions = { ...conditions };
  const set = (list: string[] | undefined, v: string) => {
    const s = new Set(list ?? []);
    if (on) s.add(v);
    else s.delete(v);
    return [...s];
  };
  const [kind, ...rest] = key.split(':');
  const value = rest.join(':');
  if (!value && (CONDITION_KEYS as string[]).includes(key)) c[key as ConditionKey] = on;
  else if (kind === 'stratagem') c.stratagems = set(c.stratagems, value);
  else if (kind === 'rule') c.rules = set(c.rules, value);
  else if (kind === 'state' && STATE_KEYS.includes(value as (typeof STATE_KEYS)[number])) c.states = set(c.states, value) as BreakdownConditions['states'];
  else if (kind === 'battleRound' && /^\d+$/.test(value)) c.battleRound = on ? Number(value) : undefined;
  else if (kind === 'targetDistance' && /^\d+$/.test(value)) c.targetDistance = on ? Number(value) : undefined;
  return c;
}

const STATE_KEYS = ['closestTarget', 'targetAtStartingStrength', 'targetBelowStartingStrength', 'targetBelowHalfStrength'] as const;
/** Every condition toggle key of both editions. */
export const CONDITION_KEYS: ConditionKey[] = ['halfRange', 'cover', 'stationary', 'heavyReady', 'charged', 'stealth', 'advanced', 'engaged', 'plungingFire', 'indirectSpotted', 'overwatch'];
