// BattleScribe / New Recruit roster (.ros XML) → army list text in the official
// app layout, so an imported roster reads like any shared list. Pure: the node
// side (server/src/node/roster.ts) reads and unzips the file.
//
// Roster shape: <roster name><costs><cost name="pts" value/></costs><forces>
// <force catalogueName><selections><selection type="unit|model|upgrade" name
// number><costs/><categories><category name primary/></categories><selections>
// ...</selections></selection>...</selections>[<forces>allied forces</forces>]
// </force></forces></roster>. Configuration upgrades (Battle Size, Detachment)
// sit beside the units; wargear, Warlord and enhancements are upgrades inside.
import { XMLParser } from 'fast-xml-parser';
import { APP_SECTIONS, AppSection, appSectionOf } from '../convert/sections';
import { attr, kids, parseXmlRoot, SAFE_XML_OPTIONS, XNode } from '../../domain/rules/bsdataXml';

export class RosterImportError extends Error {}

export interface RosterImport {
  text: string;
  warnings: string[];
}

/** Rosters are read like catalogues (entities never expanded), with a text node only where there is text. */
const parser = new XMLParser({ ...SAFE_XML_OPTIONS, alwaysCreateTextNode: false });

interface Gear {
  name: string;
  count: number;
}
interface Group {
  name: string;
  count: number;
  wargear: Gear[];
}
interface RUnit {
  name: string;
  points: number;
  section: AppSection;
  warlord: boolean;
  enhancements: string[];
  /** Model groups; none for a single model whose wargear is `gear`. */
  groups: Group[];
  gear: Gear[];
}

/** Converts roster XML to list text; throws RosterImportError with a plain message when it cannot. */
export function rosterToList(xml: string): RosterImport {
  const parsed = parseXmlRoot(xml.replace(/^\uFEFF/, ''), ['roster'], 'BattleScribe rosters', parser);
  if (!parsed.ok) throw new RosterImportError(`The roster ${parsed.problem}`);
  const root = parsed.root;

  const warnings: string[] = [];
  const forces: Array<{ force: XNode; allied: boolean }> = [];
  const walkForces = (node: XNode, allied: boolean) => {
    for (const f of kids(node, 'forces', 'force')) {
      forces.push({ force: f, allied });
      walkForces(f, true);
    }
  };
  walkForces(root, false);
  if (!forces.length) throw new RosterImportError('The roster has no force');
  const mainCatalogue = attr(forces[0].force, 'catalogueName') ?? '';

  let battleSize: { name: string; points?: number } | undefined;
  const detachments: string[] = [];
  const units: RUnit[] = [];
  for (const { force, allied } of forces) {
    const otherCatalogue = (attr(force, 'catalogueName') ?? mainCatalogue) !== mainCatalogue;
    for (const sel of kids(force, 'selections', 'selection')) {
      const type = attr(sel, 'type');
      const name = attr(sel, 'name') ?? '';
      if (type === 'unit' || type === 'model') {
        units.push(readUnit(sel, allied || otherCatalogue, warnings));
        continue;
      }
      const choice = kids(sel, 'selections', 'selection').map((c) => attr(c, 'name') ?? '').filter(Boolean);
      if (/^battle size$/i.test(name)) {
        const bs = readBattleSize(choice[0] ?? '');
        if (bs) battleSize = bs;
        else warnings.push(`Battle size "${choice[0] ?? ''}" not understood; left out`);
      } else if (/^detachments?(\s+choice)?$/i.test(name)) detachments.push(...choice);
      else if (!categories(sel).some((c) => /^configuration$/i.test(c.name))) warnings.push(`Selection "${name}" (${type ?? 'no type'}) is not a unit; left out`);
    }
  }
  if (!units.length) warnings.push('The roster has no units');

  const sum = units.reduce((a, u) => a + u.points, 0);
  const stated = ptsOf(root);
  if (stated !== undefined && stated !== sum) warnings.push(`The roster states ${stated} points but its units add up to ${sum}`);
  const total = stated ?? sum;

  const lines: string[] = [];
  const rosterName = (attr(root, 'name') ?? '').trim() || factionOf(mainCatalogue).faction || 'Imported roster';
  lines.push(`${oneLine(rosterName)} (${total} Points)`, '');
  const { superFaction, faction } = factionOf(mainCatalogue);
  if (superFaction) lines.push(superFaction);
  if (faction) lines.push(faction);
  const size = battleSize ? `${battleSize.name}${battleSize.points !== undefined ? ` (${thousands(battleSize.points)} Points)` : ''}` : undefined;
  if (detachments.length > 1 && size) lines.push(size, ...detachments.map(oneLine));
  else {
    lines.push(...detachments.map(oneLine));
    if (size) lines.push(size);
  }
  for (const section of APP_SECTIONS) {
    const us = units.filter((u) => u.section === section);
    if (!us.length) continue;
    lines.push('', section);
    for (const u of us) lines.push('', ...unitLines(u));
  }
  return { text: lines.join('\n') + '\n', warnings };
}

function unitLines(u: RUnit): string[] {
  const out = [`${oneLine(u.name)} (${u.points} Points)`];
  if (u.warlord) out.push('  • Warlord');
  if (u.groups.length) {
    u.groups.forEach((g, i) => {
      out.push(`  • ${g.count}x ${oneLine(g.name)}`);
      for (const w of g.wargear) out.push(`     ◦ ${w.count}x ${oneLine(w.name)}`);
      // Unit-level options (an icon, a banner) go under the first model, as the app lists them.
      if (i === 0) for (const w of u.gear) out.push(`     ◦ ${w.count}x ${oneLine(w.name)}`);
    });
  } else for (const w of u.gear) out.push(`  • ${w.count}x ${oneLine(w.name)}`);
  for (const e of u.enhancements) out.push(`  • Enhancements: ${oneLine(e)}`);
  return out;
}

function readUnit(sel: XNode, allied: boolean, warnings: string[]): RUnit {
  const name = attr(sel, 'name') ?? 'Unnamed unit';
  const cats = categories(sel);
  const primary = cats.find((c) => c.primary)?.name;
  const isAllied = allied || cats.some((c) => /^allied units?$/i.test(c.name));
  const unit: RUnit = {
    name,
    points: totalPts(sel),
    section: isAllied ? 'ALLIED UNITS' : primary ? appSectionOf(primary)! : 'OTHER DATASHEETS',
    warlord: false,
    enhancements: [],
    groups: [],
    gear: [],
  };
  const models: Group[] = [];
  const unitGear: Gear[] = [];
  // A unit's upgrades: Warlord, enhancements, wargear; option bundles are opened.
  const upgrades = (nodes: XNode[], into: Gear[], inModel: boolean) => {
    for (const c of nodes) {
      const cname = attr(c, 'name') ?? '';
      const ctype = attr(c, 'type');
      const n = num(c);
      if (ctype === 'model' && !inModel) {
        const g: Group = { name: cname, count: n, wargear: [] };
        upgrades(kids(c, 'selections', 'selection'), g.wargear, true);
        models.push(g);
        continue;
      }
      if (/^warlord$/i.test(cname) || categories(c).some((k) => /^warlord$/i.test(k.name))) {
        unit.warlord = true;
        continue;
      }
      if (isEnhancement(c)) {
        unit.enhancements.push(cname);
        continue;
      }
      const children = kids(c, 'selections', 'selection');
      if (children.length) upgrades(children, into, inModel);
      else if (cname) addGear(into, cname, n);
    }
  };
  const children = kids(sel, 'selections', 'selection');
  if (attr(sel, 'type') === 'model') {
    // A single-model unit written as a model selection: its upgrades are its wargear.
    const g: Group = { name, count: num(sel), wargear: [] };
    upgrades(children, g.wargear, true);
    if (g.count === 1) unit.gear = g.wargear;
    else unit.groups = [g];
    return unit;
  }
  upgrades(children, unitGear, false);
  if (models.length === 0) unit.gear = unitGear;
  else if (models.length === 1 && models[0].count === 1 && unitGear.length === 0) unit.gear = models[0].wargear;
  else {
    unit.groups = models;
    unit.gear = unitGear;
  }
  if (!models.length && !unitGear.length && !unit.enhancements.length) warnings.push(`Unit "${name}" lists no models or wargear`);
  return unit;
}

function addGear(into: Gear[], name: string, count: number): void {
  const same = into.find((g) => g.name === name);
  if (same) same.count += count;
  else into.push({ name, count });
}

/** Enhancements: the roster names their group, or they are priced upgrades carrying an ability and no weapon. */
function isEnhancement(sel: XNode): boolean {
  const group = attr(sel, 'group') ?? '';
  if (/enhancement/i.test(group)) return true;
  if (categories(sel).some((c) => /enhancement/i.test(c.name))) return true;
  const profiles = kids(sel, 'profiles', 'profile').map((p) => attr(p, 'typeName') ?? '');
  return (ptsOf(sel) ?? 0) > 0 && profiles.some((t) => /^abilit/i.test(t)) && !profiles.some((t) => /weapon/i.test(t));
}

function categories(sel: XNode): Array<{ name: string; primary: boolean }> {
  return kids(sel, 'categories', 'category').map((c) => ({ name: attr(c, 'name') ?? '', primary: attr(c, 'primary') === 'true' }));
}

function num(sel: XNode): number {
  const n = Number(attr(sel, 'number') ?? '1');
  return Number.isFinite(n) && n >= 1 ? Math.round(n) : 1;
}

/** A selection's own points ("pts" cost), if it states one. */
function ptsOf(node: XNode): number | undefined {
  const costs = kids(node, 'costs', 'cost').filter((c) => /^pts$/i.test((attr(c, 'name') ?? '').trim()) || attr(c, 'typeId') === 'points');
  if (!costs.length) return undefined;
  return costs.reduce((a, c) => a + (Number(attr(c, 'value')) || 0), 0);
}

/** Points of a selection with everything chosen inside it (models, wargear, enhancements). */
function totalPts(sel: XNode): number {
  let sum = ptsOf(sel) ?? 0;
  for (const c of kids(sel, 'selections', 'selection')) sum += totalPts(c);
  return Math.round(sum);
}

/** "2. Strike Force (2000 Point limit)" → Strike Force, 2000. */
function readBattleSize(choice: string): { name: string; points?: number } | undefined {
  const m = /^(?:\d+\.\s*)?(Combat Patrol|Incursion|Strike Force|Onslaught)\b(?:.*?(\d[\d,]*)\s*(?:points?|pts))?/i.exec(choice.trim());
  if (!m) return undefined;
  const name = m[1].toLowerCase().replace(/\b\w/g, (ch) => ch.toUpperCase());
  // Combat Patrol states no points limit in the app.
  if (name === 'Combat Patrol') return { name };
  return { name, points: m[2] ? Number(m[2].replace(/,/g, '')) : undefined };
}

/** "Chaos - World Eaters" → World Eaters; "Imperium - Adeptus Astartes - Space Wolves" → Space Marines + Space Wolves. */
function factionOf(catalogue: string): { superFaction?: string; faction?: string } {
  const parts = catalogue
    .split(/\s+-\s+/)
    .map((p) => p.trim())
    .filter((p) => p && !/^library$/i.test(p));
  const faction = parts[parts.length - 1];
  if (!faction) return {};
  const astartes = parts.slice(0, -1).some((p) => /^(adeptus astartes|space marines)$/i.test(p));
  return astartes && !/^space marines$/i.test(faction) ? { superFaction: 'Space Marines', faction } : { faction };
}

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/** Names go on one line each, whatever the roster holds. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').replace(/\s{2,}/g, ' ').trim();
