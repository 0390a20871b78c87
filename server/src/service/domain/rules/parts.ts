// Which of a list unit's bullets are models and which are wargear, by the data's entry types (BattleScribe's
// model and upgrade entries, `Datasheet.modelNames` / `wargearNames`), never by the bullet's shape. Used by the
// checks (model counts) and by the damage targets (a unit's model groups).
import type { ModelGroup, Unit } from '../parse/ast';
import type { Ability, Datasheet, Weapon } from './model';
import { normalizeName } from '../text/normalize';

/** Loose name equality for names the sources spell differently ("Bomb Squig"/"Bomb squig", plurals). */
const loose = (name: string) => normalizeName(name).replace(/[^a-z0-9]/g, '').replace(/s$/, '');

interface PartKeys { models: Set<string>; wargear: Set<string> }
const partKeys = new WeakMap<Datasheet, PartKeys>();

function keysOf(sheet: Datasheet): PartKeys {
  let k = partKeys.get(sheet);
  if (!k) {
    const models = new Set([...(sheet.modelNames ?? []), ...sheet.models.map((m) => m.name), ...sheet.composition.map((c) => c.model)].map(loose));
    partKeys.set(sheet, (k = { models, wargear: new Set((sheet.wargearNames ?? []).map(loose).filter((w) => !models.has(w))) }));
  }
  return k;
}

/**
 * Whether a list's bullet names wargear rather than models ("2x Bomb Squig", "1x Watcher in the Dark"), by the
 * data's entry types: an upgrade entry of the datasheet that is no model. False where the data does not say.
 */
export function namesWargear(sheet: Datasheet, name: string): boolean {
  return keysOf(sheet).wargear.has(loose(name));
}

/** Whether a bullet names one of the datasheet's models as the data names them (entries, profiles, groups of variants). */
export function namesModel(sheet: Datasheet, name: string): boolean {
  return keysOf(sheet).models.has(loose(name));
}

/** The unit's model groups as written, without the bullets that name wargear by the data's entry types. */
export function modelGroups(unit: Unit, sheet?: Datasheet): ModelGroup[] {
  return unit.models.filter((g) => !g.implicit && !(sheet && namesWargear(sheet, g.name.text)));
}

/**
 * What a wargear bullet names on its datasheet, as hover and go to definition read it: a weapon (its name as the
 * data spells it, loosely: War Organ's "lacerator & daemonic claw", a plural, a multi-profile weapon written with
 * its mode "Seismic cannon – frag"), else an ability the data gives the wargear ("Icon of Khorne").
 */
export function wargearNamed(sheet: Datasheet, name: string): { weapon: Weapon } | { ability: Ability } | undefined {
  const n = normalizeName(name);
  const exact = sheet.weapons.find((w) => normalizeName(w.name) === n);
  if (exact) return { weapon: exact };
  const l = looseWargear(name);
  const weapon = sheet.weapons.find((w) => looseWargear(w.name) === l) ?? sheet.weapons.find((w) => w.profiles.some((p) => looseWargear(p.name) === l));
  if (weapon) return { weapon };
  const ability = sheet.abilities.find((a) => looseWargear(a.name) === l);
  return ability ? { ability } : undefined;
}

/** `loose` with "&" read as "and" (War Organ writes "skullsmasher & mangler"). */
const looseWargear = (name: string) => loose(name.replace(/&/g, ' and '));
