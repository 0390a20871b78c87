// Per-rules-data lookups for completion and resolve, built once per RulesIndex
// (a new data load makes a new index): entries by id, each faction's
// datasheets, detachments and enhancements, and every name's match key.
import type { RulesIndex } from '../../domain/rules';
import type { Datasheet, Detachment, Enhancement, Faction, Stratagem } from '../../domain/rules/model';
import { normalizeName } from '../../domain/text/normalize';
import { matchKey } from './rank';

export interface Catalog {
  datasheetById: Map<string, Datasheet>;
  stratagemById: Map<string, Stratagem>;
  enhancementById: Map<string, Enhancement>;
  detachmentById: Map<string, Detachment>;
  factionById: Map<string, Faction>;
  /** Faction keyword (normalised) → its datasheets. */
  datasheetsByKeyword: Map<string, Datasheet[]>;
  /** Match keys, computed once: names are compared on every keystroke. */
  key(name: string): string;
  /** The faction a list names (name or keyword), its datasheets, detachments, enhancements. */
  factionOf(name: string | undefined): Faction | undefined;
  datasheetsOf(faction: Faction | undefined): Datasheet[];
  detachmentsOf(faction: Faction | undefined): Detachment[];
  enhancementsOf(detachment: string, faction: Faction | undefined): Enhancement[];
  /** The datasheets of other factions a faction's data lists as its allies (resolved once). */
  alliesOf(faction: Faction): Datasheet[];
  /** Core stratagems and those of the named detachments. */
  stratagemsFor(detachments: string[]): Stratagem[];
}

const catalogs = new WeakMap<RulesIndex, Catalog>();

export function catalogOf(rules: RulesIndex): Catalog {
  let c = catalogs.get(rules);
  if (!c) catalogs.set(rules, (c = buildCatalog(rules)));
  return c;
}

function byId<T extends { id: string }>(xs: T[]): Map<string, T> {
  const m = new Map<string, T>();
  for (const x of xs) if (!m.has(x.id)) m.set(x.id, x);
  return m;
}

function buildCatalog(rules: RulesIndex): Catalog {
  const data = rules.data;
  const keys = new Map<string, string>();
  const datasheetsByKeyword = new Map<string, Datasheet[]>();
  for (const d of data.datasheets) {
    for (const k of new Set(d.factionKeywords.map(normalizeName))) {
      const list = datasheetsByKeyword.get(k);
      if (list) list.push(d);
      else datasheetsByKeyword.set(k, [d]);
    }
  }
  const sameFaction = (x: string | undefined, f: Faction | undefined) =>
    !f || (x !== undefined && [normalizeName(f.name), normalizeName(f.keyword)].includes(normalizeName(x)));
  const allies = new Map<string, Datasheet[]>();
  const enhancementsByDetachment = new Map<string, Enhancement[]>();
  return {
    alliesOf(f) {
      let out = allies.get(f.id);
      if (!out) allies.set(f.id, (out = (f.allies ?? []).flatMap((name) => rules.datasheet(name) ?? [])));
      return out;
    },
    datasheetById: byId(data.datasheets),
    stratagemById: byId(data.stratagems),
    enhancementById: byId(data.enhancements),
    detachmentById: byId(data.detachments),
    factionById: byId(data.factions),
    datasheetsByKeyword,
    key(name) {
      let k = keys.get(name);
      if (k === undefined) keys.set(name, (k = matchKey(name)));
      return k;
    },
    factionOf: (name) => (name ? rules.faction(name) : undefined),
    datasheetsOf: (f) => (f ? datasheetsByKeyword.get(normalizeName(f.keyword)) ?? [] : data.datasheets),
    detachmentsOf: (f) => data.detachments.filter((d) => sameFaction(d.faction, f)),
    enhancementsOf(detachment, f) {
      // Asked once per datasheet offered, on every keystroke: each (detachment, faction) read once.
      const key = `${normalizeName(detachment)}|${f?.id ?? ''}`;
      let out = enhancementsByDetachment.get(key);
      if (enhancementsByDetachment.size > 256) enhancementsByDetachment.clear();
      if (!out) enhancementsByDetachment.set(key, (out = data.enhancements.filter((e) => normalizeName(e.detachment) === normalizeName(detachment) && sameFaction(e.faction, f))));
      return out;
    },
    stratagemsFor(detachments) {
      const ds = new Set(detachments.map(normalizeName));
      return data.stratagems.filter((s) => !s.detachment || ds.has(normalizeName(s.detachment)));
    },
  };
}

/**
 * The datasheet a name being typed on a unit line denotes (its sizes are then offered): a search of the data for
 * candidates, as completion's others are, not a lookup of a list unit (those read the list's resolution).
 */
export function typedDatasheet(rules: RulesIndex, typed: string, faction?: string): Datasheet | undefined {
  return rules.datasheet(typed, faction);
}
