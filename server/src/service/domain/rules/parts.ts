// Which of a list unit's bullets are models and which are wargear, by the data's entry types (BattleScribe's
// model and upgrade entries, `Datasheet.modelNames` / `wargearNames`), never by the bullet's shape. Used by the
// checks (model counts) and by the damage targets (a unit's model groups).
import type { ModelGroup, Unit } from '../parse/ast';
import type { Datasheet } from './model';
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
