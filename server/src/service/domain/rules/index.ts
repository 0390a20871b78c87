// Lookup tables over one RulesData, built once per data load: every feature
// asks "which datasheet / rule / stratagem is this name?" many times per
// keystroke, so names are normalised once here.
import { factionKey, normalizeName, spellingKey, withoutNameTag } from '../text/normalize';
import { closestNames, editDistance } from '../text/fuzzy';
import type { CoreRule, Datasheet, Detachment, Enhancement, Faction, RulesData, Stratagem } from './model';

export class RulesIndex {
  private readonly datasheetsByName = new Map<string, Datasheet[]>();
  /** By `spellingKey`: singular/plural and spelling variants of one name meet here. */
  private readonly datasheetsBySpelling = new Map<string, Datasheet[]>();
  /** Normalised keyword → the datasheets carrying it, built on first use. */
  private datasheetsByKeywordCache: Map<string, Datasheet[]> | undefined;
  /** Every faction keyword any datasheet carries, normalised. */
  private readonly factionKeywordSet = new Set<string>();
  /** Sub-faction keyword (normalised) → its parent faction, built on first use. */
  private parents: Map<string, Faction> | undefined;
  private readonly rulesByAlias = new Map<string, CoreRule>();
  private readonly stratagemsByName = new Map<string, Stratagem[]>();
  private readonly factionsByName = new Map<string, Faction>();
  /** By `factionKey`: the exporters' spellings of a faction name ("Tau Empire", "Empire T’au"). */
  private readonly factionsByKey = new Map<string, Faction>();
  /** `factionKey` of every faction keyword any datasheet carries → the keyword as the data writes it. */
  private readonly factionKeywordsByKey = new Map<string, string>();
  private readonly detachmentsByName = new Map<string, Detachment[]>();
  private readonly enhancementsByName = new Map<string, Enhancement[]>();
  /** Rule aliases, longest first, for scanning a line of text. */
  readonly ruleAliases: { alias: string; rule: CoreRule }[] = [];

  constructor(readonly data: RulesData) {
    // Legends datasheets last: a name both in matched play and in Legends is the matched-play one.
    const sheets = [...data.datasheets.filter((d) => !d.legends), ...data.datasheets.filter((d) => d.legends)];
    for (const d of sheets) {
      push(this.datasheetsByName, normalizeName(d.name), d);
      push(this.datasheetsBySpelling, spellingKey(d.name), d);
      for (const k of d.factionKeywords) {
        this.factionKeywordSet.add(normalizeName(k));
        if (!this.factionKeywordsByKey.has(factionKey(k))) this.factionKeywordsByKey.set(factionKey(k), k);
      }
    }
    for (const s of data.stratagems) push(this.stratagemsByName, normalizeName(s.name), s);
    for (const d of data.detachments) push(this.detachmentsByName, normalizeName(d.name), d);
    for (const e of data.enhancements) push(this.enhancementsByName, enhancementKey(e.name), e);
    for (const f of data.factions) {
      this.factionsByName.set(normalizeName(f.name), f);
      this.factionsByName.set(normalizeName(f.keyword), f);
      for (const n of [f.name, f.keyword]) if (!this.factionsByKey.has(factionKey(n))) this.factionsByKey.set(factionKey(n), f);
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
   * The datasheet a list's unit name denotes; `faction` (a faction name, keyword or sub-faction keyword)
   * narrows duplicates across factions. Exporters spell names their own way, so when the name itself is
   * unknown, general rules are tried in turn: without a leading faction name ("World Eaters Chaos Spawn"),
   * singular/plural and spelling variants (`spellingKey`), and a keyword the faction's datasheets carry
   * as their unit type ("World Eaters Rhino" → the one World Eaters datasheet with the RHINO keyword).
   */
  datasheet(name: string, faction?: string): Datasheet | undefined {
    const exact = this.datasheetsByName.get(normalizeName(name));
    if (exact) return exact.length > 1 && faction ? this.preferFaction(exact, faction) : exact[0];
    const bare = this.withoutFactionPrefix(name, faction);
    const steps = [
      () => this.datasheetsByName.get(bare),
      () => this.datasheetsBySpelling.get(spellingKey(name)),
      () => this.datasheetsBySpelling.get(spellingKey(bare)),
      () => (faction ? this.byUnitKeyword(bare, faction) : undefined),
    ];
    // A rewritten name may meet another faction's datasheet ("World Eaters Rhino" → Space Marines' "Rhino"):
    // the first rule giving one of the faction's own wins, else the first rule giving any.
    const keys = faction ? this.factionKeys(faction) : [];
    let fallback: Datasheet | undefined;
    for (const step of steps) {
      const all = step();
      if (!all?.length) continue;
      if (!faction) return all[0];
      const own = this.preferFaction(all, faction);
      if (own.factionKeywords.some((k) => keys.includes(normalizeName(k)))) return own;
      fallback ??= own;
    }
    return fallback;
  }

  /**
   * Of several datasheets, the one of the faction: its own keyword first, then its parent's, and of those
   * the plainest (fewest faction keywords: Space Marines' generic Impulsor, not the Black Templars one).
   */
  private preferFaction(all: Datasheet[], faction: string): Datasheet {
    const keys = this.factionKeys(faction);
    for (const k of keys) {
      const hits = all.filter((d) => d.factionKeywords.some((f) => normalizeName(f) === k) || (d.listedUnder !== undefined && normalizeName(this.faction(d.listedUnder)?.keyword ?? d.listedUnder) === k));
      if (hits.length) return hits.reduce((a, b) => (b.factionKeywords.length < a.factionKeywords.length ? b : a));
    }
    return all[0];
  }

  /** A faction as a list names it → its keyword and its parent's keyword, normalised, own first. */
  factionKeys(faction: string): string[] {
    const own = normalizeName(this.faction(faction)?.keyword ?? faction);
    const parent = this.parentFaction(faction);
    return parent ? [own, normalizeName(parent.keyword)] : [own];
  }

  /**
   * Datasheets of the faction that carry `name` as a keyword ("Rhino", "Daemon Prince"); several carry
   * it when variants exist ("Daemon Prince of Khorne", "... with Wings"): the plainest (shortest) name first.
   */
  private byUnitKeyword(name: string, faction: string): Datasheet[] | undefined {
    if (!this.datasheetsByKeywordCache) {
      const map = new Map<string, Datasheet[]>();
      for (const d of this.data.datasheets) for (const k of d.keywords) push(map, spellingKey(k), d);
      this.datasheetsByKeywordCache = map;
    }
    const keys = this.factionKeys(faction);
    const hits = (this.datasheetsByKeywordCache.get(spellingKey(name)) ?? [])
      .filter((d) => !d.legends && d.factionKeywords.some((f) => keys.includes(normalizeName(f))));
    return hits.length ? [...hits].sort((a, b) => a.name.length - b.name.length) : undefined;
  }

  closestDatasheets(name: string, faction?: string, limit = 3): string[] {
    const keys = faction ? this.factionKeys(faction) : undefined;
    const pool = keys
      ? this.data.datasheets.filter((d) => d.factionKeywords.some((k) => keys.includes(normalizeName(k))))
      : this.data.datasheets;
    const bare = this.withoutFactionPrefix(name, faction);
    return closestNames(bare === normalizeName(name) ? name : bare, (pool.length ? pool : this.data.datasheets).map((d) => d.name), limit);
  }

  /** The normalised name without a leading faction name or keyword ("world eaters chaos spawn" → "chaos spawn"). */
  private withoutFactionPrefix(name: string, faction?: string): string {
    const n = normalizeName(name);
    const prefixes = [faction, ...this.data.factions.flatMap((f) => [f.name, f.keyword])].filter((p): p is string => !!p).map(normalizeName);
    prefixes.push(...this.factionKeywordSet);
    const hit = prefixes.filter((p) => n.startsWith(p + ' ')).sort((a, b) => b.length - a.length)[0];
    return hit ? n.slice(hit.length + 1) : n;
  }

  /**
   * The parent of a sub-faction (a chapter: "Space Wolves" → Space Marines): a faction keyword that is no
   * faction of its own, carried by datasheets that also carry a faction's keyword. Undefined for a faction.
   */
  parentFaction(name: string): Faction | undefined {
    if (this.faction(name)) return undefined;
    if (!this.parents) {
      const own = new Map<string, Faction>();
      for (const f of this.data.factions) own.set(normalizeName(f.keyword), f);
      const counts = new Map<string, Map<Faction, number>>();
      for (const d of this.data.datasheets) {
        const keys = d.factionKeywords.map(normalizeName);
        const parents = keys.map((k) => own.get(k)).filter((f): f is Faction => !!f);
        for (const k of keys) {
          if (own.has(k)) continue;
          const c = counts.get(k) ?? new Map<Faction, number>();
          for (const p of parents) c.set(p, (c.get(p) ?? 0) + 1);
          counts.set(k, c);
        }
      }
      this.parents = new Map();
      for (const [k, c] of counts) {
        const top = [...c].sort((a, b) => b[1] - a[1])[0];
        if (top) this.parents.set(k, top[0]);
      }
    }
    return this.parents.get(normalizeName(name));
  }

  /** The faction a list names, as written or as exporters spell it (`factionKey`: apostrophes, word order). */
  faction(name: string): Faction | undefined {
    return this.factionsByName.get(normalizeName(name)) ?? this.factionsByKey.get(factionKey(name));
  }

  /** Whether any datasheet carries this faction keyword (data may hold datasheets without a Faction entry), however spelt. */
  hasFactionKeyword(keyword: string): boolean {
    return this.factionKeywordSet.has(normalizeName(keyword)) || this.factionKeywordsByKey.has(factionKey(keyword));
  }

  /**
   * The faction names closest to an unknown one, best first: the data's factions and faction keywords and `more`
   * (factions the data folders hold but have not loaded), compared by `factionKey`: a typo ("Genestealer Cultz") qualifies.
   */
  closestFactions(name: string, more: Iterable<string> = [], limit = 3): string[] {
    const pool = [...this.data.factions.map((f) => f.name), ...this.factionKeywordsByKey.values(), ...more];
    // A folder's catalogue name ("Xenos - Genestealer Cults") is offered by its last part, as lists name factions.
    const names = [...new Set(pool.map((n) => n.split(' - ').pop()!.trim()).filter(Boolean))];
    // The data's faction names before its keywords (in capitals) for one key.
    const byKey = new Map<string, string>();
    for (const n of names) if (!byKey.has(factionKey(n))) byKey.set(factionKey(n), n);
    const key = factionKey(name);
    const exact = byKey.get(key);
    if (exact) return [exact];
    // A tight threshold: a typo of a faction, never another faction that shares words ("Space Marines" is no
    // misspelt "Chaos Space Marines").
    const max = Math.max(1, Math.floor(key.length / 6));
    return [...byKey]
      .map(([k, n]) => ({ n, d: editDistance(key, k, max) }))
      .filter((x) => x.d <= max)
      .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
      .slice(0, limit)
      .map((x) => x.n);
  }

  /** A term a source's notes define (`RulesData.glossary`), by its name or alias ("Detachment Points", "DP"). */
  term(nameOrAlias: string): CoreRule | undefined {
    const key = normalizeName(nameOrAlias);
    return this.data.glossary?.find((g) => [g.name, ...g.aliases].some((n) => normalizeName(n) === key));
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
    const n = enhancementKey(name);
    return this.enhancementsByName.get(n) ?? this.enhancementsByName.get(n.startsWith('the ') ? n.slice(4) : `the ${n}`) ?? [];
  }
}

/** An enhancement's name for lookups: a tag the sources add ("(Upgrade)", "(Psychic)") is written or left out by the lists alike. */
const enhancementKey = (name: string) => normalizeName(withoutNameTag(name));

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
