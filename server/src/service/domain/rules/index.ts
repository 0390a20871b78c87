// Lookup tables over one RulesData, built once per data load: every feature
// asks "which datasheet / rule / stratagem is this name?" many times per
// keystroke, so names are normalised once here.
import { normalizeName } from '../text/normalize';
import { closestNames } from '../text/fuzzy';
import type { CoreRule, Datasheet, Detachment, Enhancement, Faction, RulesData, Stratagem } from './model';

export class RulesIndex {
  private readonly datasheetsByName = new Map<string, Datasheet[]>();
  private readonly rulesByAlias = new Map<string, CoreRule>();
  private readonly stratagemsByName = new Map<string, Stratagem[]>();
  private readonly factionsByName = new Map<string, Faction>();
  private readonly detachmentsByName = new Map<string, Detachment[]>();
  private readonly enhancementsByName = new Map<string, Enhancement[]>();
  /** Rule aliases, longest first, for scanning a line of text. */
  readonly ruleAliases: { alias: string; rule: CoreRule }[] = [];

  constructor(readonly data: RulesData) {
    for (const d of data.datasheets) push(this.datasheetsByName, normalizeName(d.name), d);
    for (const s of data.stratagems) push(this.stratagemsByName, normalizeName(s.name), s);
    for (const d of data.detachments) push(this.detachmentsByName, normalizeName(d.name), d);
    for (const e of data.enhancements) push(this.enhancementsByName, normalizeName(e.name), e);
    for (const f of data.factions) {
      this.factionsByName.set(normalizeName(f.name), f);
      this.factionsByName.set(normalizeName(f.keyword), f);
    }
    for (const r of data.coreRules) {
      for (const alias of new Set([r.name, ...r.aliases].map((a) => normalizeName(a.replace(/^\[|\]$/g, ''))))) {
        if (!this.rulesByAlias.has(alias)) {
          this.rulesByAlias.set(alias, r);
          this.ruleAliases.push({ alias, rule: r });
        }
      }
    }
    this.ruleAliases.sort((a, b) => b.alias.length - a.alias.length);
  }

  /**
   * Datasheets of that name; `faction` (a keyword or faction name) narrows duplicates across factions.
   * BattleScribe and ListForge prefix some names with the faction ("World Eaters Chaos Spawn"): when the
   * name itself is unknown, it is tried without such a prefix.
   */
  datasheet(name: string, faction?: string): Datasheet | undefined {
    const all = this.datasheetsByName.get(normalizeName(name)) ?? this.datasheetsByName.get(this.withoutFactionPrefix(name, faction));
    if (!all || all.length === 0) return undefined;
    if (faction && all.length > 1) {
      const key = this.faction(faction)?.keyword ?? faction;
      const k = normalizeName(key);
      return all.find((d) => d.factionKeywords.some((f) => normalizeName(f) === k)) ?? all[0];
    }
    return all[0];
  }

  closestDatasheets(name: string, faction?: string, limit = 3): string[] {
    const f = faction ? this.faction(faction) : undefined;
    const pool = f
      ? this.data.datasheets.filter((d) => d.factionKeywords.some((k) => normalizeName(k) === normalizeName(f.keyword)))
      : this.data.datasheets;
    const bare = this.withoutFactionPrefix(name, faction);
    return closestNames(bare === normalizeName(name) ? name : bare, pool.map((d) => d.name), limit);
  }

  /** The normalised name without a leading faction name or keyword ("world eaters chaos spawn" → "chaos spawn"). */
  private withoutFactionPrefix(name: string, faction?: string): string {
    const n = normalizeName(name);
    const prefixes = [faction, ...this.data.factions.flatMap((f) => [f.name, f.keyword])].filter((p): p is string => !!p).map(normalizeName);
    const hit = prefixes.find((p) => n.startsWith(p + ' '));
    return hit ? n.slice(hit.length + 1) : n;
  }

  faction(name: string): Faction | undefined {
    return this.factionsByName.get(normalizeName(name));
  }

  /** Whether any datasheet carries this faction keyword (data may hold datasheets without a Faction entry). */
  hasFactionKeyword(keyword: string): boolean {
    const k = normalizeName(keyword);
    return this.data.datasheets.some((d) => d.factionKeywords.some((f) => normalizeName(f) === k));
  }

  rule(nameOrAlias: string): CoreRule | undefined {
    return this.rulesByAlias.get(normalizeName(nameOrAlias.replace(/^\[|\]$/g, '')));
  }

  stratagem(name: string): Stratagem | undefined {
    return this.stratagemsByName.get(normalizeName(name))?.[0];
  }

  detachment(name: string): Detachment | undefined {
    return this.detachmentsByName.get(normalizeName(name))?.[0];
  }

  enhancement(name: string): Enhancement | undefined {
    return this.enhancementsNamed(name)[0];
  }

  /** Every enhancement of that name (names repeat across detachments); sources disagree on a leading "The". */
  enhancementsNamed(name: string): Enhancement[] {
    const n = normalizeName(name);
    return this.enhancementsByName.get(n) ?? this.enhancementsByName.get(n.startsWith('the ') ? n.slice(4) : `the ${n}`) ?? [];
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
