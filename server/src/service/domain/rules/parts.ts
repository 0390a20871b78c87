// Which of a list unit's bullets are models and which are wargear, by the data's entry types (BattleScribe's
// model and upgrade entries, `Datasheet.modelNames` / `wargearNames`), never by the bullet's shape. Used by the
// checks (model counts) and by the damage targets (a unit's model groups).
import type { ModelGroup, Unit } from '../parse/ast';
import type { Datasheet } from './model';
import { looseName as loose } from '../text/normalize';

interface PartKeys { models: Set<string>; wargear: Set<string> }
const partKeys = new WeakMap<Datasheet, PartKeys>();

/**
 * The keys a list may write a model's name under: the data's name, and without a qualifier the data adds in
 * brackets ("Celestian Sacresant (Anointed Halberd)" is written "Celestian Sacresants", the halberd as its wargear).
 */
export function modelNameKeys(name: string): string[] {
  const bare = name.replace(/\s*[([][^()[\]]*[)\]]\s*$/, '').trim();
  return bare && bare !== name ? [loose(name), loose(bare)] : [loose(name)];
}

function keysOf(sheet: Datasheet): PartKeys {
  let k = partKeys.get(sheet);
  if (!k) {
    const models = new Set([...(sheet.modelNames ?? []), ...sheet.models.map((m) => m.name), ...sheet.composition.map((c) => c.model)].flatMap(modelNameKeys));
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
