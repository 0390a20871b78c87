// New Recruit's JSON export and ListForge's (its "share JSON"): the BattleScribe roster schema written as JSON,
// `{ roster: { name, costs: [{ name: "pts", typeId: "points", value }], gameSystemName, forces: [{ catalogueName,
// selections: [...], forces: [...] }] } }`, each selection `{ name, type: "unit" | "model" | "upgrade", number, group,
// categories: [{ name, primary }], costs, selections: [...] }`. Configuration selections name the battle size and the
// detachment ("Battle Size" → "2. Strike Force (2000 Point limit)", "Detachment" / "Detachment Choice" → its name, an
// 11th-edition "Force Disposition"); units and models sit beside them, their wargear, Warlord and enhancements are
// selections inside. A nested force is an allied one. New Recruit names the faction in `catalogueName`
// ("Chaos - World Eaters"), ListForge in each unit's "Faction: X" category. Every token spans its JSON value.
import type { EnhancementRef, ModelGroup, Token, WargearRef } from '../ast';
import type { Ctx } from '../common';
import { BattleSizeText, readBattleSizeText } from './sizes';
import { JsonNode, items, num, part, prop, strProp } from './jsonTree';

const WARLORD = /^warlord$/i;
const ALLIED = 'ALLIED UNITS';

interface Sel {
  node: JsonNode;
  name?: Token;
  type?: string;
  number: number;
  group?: string;
  categories: Array<{ name: Token; primary: boolean }>;
  children: JsonNode[];
}

function sel(node: JsonNode): Sel {
  const n = num(prop(node, 'number'));
  return {
    node,
    name: strProp(node, 'name'),
    type: strProp(node, 'type')?.text,
    number: n && n.value >= 1 ? Math.round(n.value) : 1,
    group: strProp(node, 'group')?.text,
    categories: items(prop(node, 'categories')).flatMap((c) => {
      const name = strProp(c, 'name');
      return name ? [{ name, primary: prop(c, 'primary')?.value === true || prop(c, 'primary')?.value === 'true' }] : [];
    }),
    children: items(prop(node, 'selections')),
  };
}

/** A selection's own points (its "pts" costs). */
function ownPoints(node: JsonNode): { value: number; span: { start: number; end: number } } | undefined {
  let found: { value: number; span: { start: number; end: number } } | undefined;
  for (const c of items(prop(node, 'costs'))) {
    const name = strProp(c, 'name')?.text ?? '';
    if (!/^pts$/i.test(name) && strProp(c, 'typeId')?.text !== 'points') continue;
    const v = num(prop(c, 'value'));
    if (v) found = found ? { value: found.value + v.value, span: found.span } : v;
  }
  return found;
}

/** Points of a selection with everything chosen inside it. */
function totalPoints(node: JsonNode): number {
  let sum = ownPoints(node)?.value ?? 0;
  for (const c of items(prop(node, 'selections'))) sum += totalPoints(c);
  return Math.round(sum);
}

const spanOf = (node: JsonNode) => ({ start: node.offset, end: node.offset + node.length });

export function readBsRoster(ctx: Ctx, root: JsonNode, kind: 'nrjson' | 'listforgejson'): void {
  const src = ctx.src;
  const list = ctx.list;
  const roster = prop(root, 'roster')!;
  const title = strProp(roster, 'name') ?? strProp(root, 'name');
  if (title?.text) list.title = title;
  const total = ownPoints(roster);
  if (total) list.statedPoints = total;
  if (/\b11th\b/i.test(strProp(roster, 'gameSystemName')?.text ?? '')) list.editionShown = 11;

  const forces: Array<{ node: JsonNode; allied: boolean }> = [];
  const walk = (node: JsonNode, allied: boolean) => {
    for (const f of items(prop(node, 'forces'))) {
      forces.push({ node: f, allied });
      walk(f, true);
    }
  };
  walk(roster, false);
  if (!forces.length) {
    ctx.error('parse-error', 'The roster has no force: no unit to read', roster.offset, roster.offset + 1);
    return;
  }
  // The faction: New Recruit's catalogue name ("Chaos - World Eaters", "Imperium - Adeptus Astartes - Space Wolves").
  const catalogue = strProp(forces[0].node, 'catalogueName');
  if (catalogue) factionFromPath(ctx, catalogue);
  let sizeText: BattleSizeText | undefined;
  for (const { node, allied } of forces) {
    const mainCatalogue = catalogue?.text;
    const other = allied || (!!mainCatalogue && (strProp(node, 'catalogueName')?.text ?? mainCatalogue) !== mainCatalogue);
    for (const s of items(prop(node, 'selections')).map(sel)) {
      if (s.type === 'unit' || s.type === 'model') {
        readUnit(ctx, s, other);
        continue;
      }
      const name = s.name?.text ?? '';
      const choices = s.children.map((c) => strProp(c, 'name')).filter((t): t is Token => !!t?.text);
      if (/^battle size$/i.test(name) && choices[0]) sizeText ??= readBattleSizeText(src, choices[0]);
      else if (/^detachments?(\s+choice)?$/i.test(name)) list.detachments.push(...choices);
      else if (/^force dispositions?$/i.test(name)) (list.forceDispositions ??= []).push(...choices);
    }
  }
  if (sizeText?.size) list.battleSize = sizeText.size;
  else if (sizeText) ctx.error('parse-error', `Battle size "${sizeText.token.text}" not understood`, sizeText.token.span.start, sizeText.token.span.end);
  // ListForge names the faction in each unit's "Faction: X" category.
  if (!list.faction && kind === 'listforgejson') {
    for (const u of forces.flatMap((f) => items(prop(f.node, 'selections')).map(sel))) {
      const c = u.categories.find((x) => /^Faction:\s*\S/.test(x.name.text));
      if (c) {
        list.faction = part(c.name, src, c.name.text.indexOf(':') + 1, c.name.text.length);
        break;
      }
    }
  }
  if (!list.units.length) ctx.error('parse-error', 'The roster has no unit', roster.offset, roster.offset + 1);
}

/** "Chaos - World Eaters" → Chaos, World Eaters; "Imperium - Adeptus Astartes - Space Wolves" → Space Marines' chapter. */
function factionFromPath(ctx: Ctx, t: Token): void {
  const parts: Array<[number, number]> = [];
  const re = /\s+-\s+/g;
  let from = 0;
  for (const m of t.text.matchAll(re)) {
    parts.push([from, m.index!]);
    from = m.index! + m[0].length;
  }
  parts.push([from, t.text.length]);
  const named = parts.filter(([a, b]) => !/^library$/i.test(t.text.slice(a, b).trim()));
  const last = named[named.length - 1];
  if (!last) return;
  ctx.list.faction = part(t, ctx.src, last[0], last[1]);
  const before = named[named.length - 2];
  if (before) ctx.list.superFaction = part(t, ctx.src, before[0], before[1]);
}

function readUnit(ctx: Ctx, s: Sel, allied: boolean): void {
  if (!s.name?.text) return;
  const primary = s.categories.find((c) => c.primary && !/^Faction:/i.test(c.name.text))?.name;
  const sectionName = allied || s.categories.some((c) => /^allied units?$/i.test(c.name.text)) ? ALLIED : primary?.text;
  ctx.section = sectionName ? sectionFor(ctx, sectionName, primary ?? s.name) : undefined;
  const span = spanOf(s.node);
  const unit = ctx.addUnit(s.name, span.start, span.end);
  ctx.section = undefined;
  const own = ownPoints(s.node);
  unit.points = { value: totalPoints(s.node), span: own?.span ?? s.name.span };
  const models: ModelGroup[] = [];
  const gear: WargearRef[] = [];
  const walk = (nodes: JsonNode[], into: WargearRef[], inModel: boolean) => {
    for (const c of nodes.map(sel)) {
      if (!c.name?.text) continue;
      if (c.type === 'model' && !inModel) {
        const g: ModelGroup = { count: ctx.count(c.number, c.name.span.start, c.name.span.end), name: c.name, span: spanOf(c.node), wargear: [], implicit: false };
        walk(c.children, g.wargear, true);
        models.push(g);
        continue;
      }
      if (WARLORD.test(c.name.text) || c.categories.some((k) => WARLORD.test(k.name.text))) {
        unit.warlord = { ...c.name.span };
        continue;
      }
      if (isEnhancement(c)) {
        const e: EnhancementRef = { name: c.name, span: spanOf(c.node) };
        const p = ownPoints(c.node);
        if (p) e.points = p.value;
        unit.enhancements.push(e);
        continue;
      }
      if (c.children.length) walk(c.children, into, inModel);
      else into.push({ count: ctx.count(c.number, c.name.span.start, c.name.span.end), name: c.name, span: spanOf(c.node) });
    }
  };
  walk(s.children, gear, s.type === 'model');
  if (s.type === 'model') models.push({ count: ctx.count(s.number, s.name.span.start, s.name.span.end), name: { ...s.name }, span, wargear: gear.splice(0), implicit: true });
  if (!models.length) unit.models = [{ count: 1, name: { ...s.name }, span, wargear: gear, implicit: true }];
  else if (models.length === 1 && models[0].count === 1 && !gear.length) unit.models = [{ ...models[0], name: { ...s.name }, implicit: true }];
  else {
    unit.models = models;
    if (gear.length) unit.wargear = gear;
  }
  if (unit.models.length === 1 && unit.models[0].implicit && unit.models[0].count > 1) unit.statedModelCount = { value: unit.models[0].count, span: s.name.span };
}

/** Enhancements: their group or category says so, or they are priced upgrades that carry an ability and no weapon. */
function isEnhancement(c: Sel): boolean {
  if (/^enhancements?\b/i.test(c.group ?? '')) return true;
  if (c.categories.some((k) => /^enhancements?$/i.test(k.name.text))) return true;
  const profiles = items(prop(c.node, 'profiles')).map((p) => strProp(p, 'typeName')?.text ?? '');
  return (ownPoints(c.node)?.value ?? 0) > 0 && profiles.some((t) => /^abilit/i.test(t)) && !profiles.some((t) => /weapon/i.test(t));
}

/** The section of a category name, one per name, in the order first met. */
function sectionFor(ctx: Ctx, name: string, at: Token) {
  let s = ctx.list.sections.find((x) => x.name.text === name);
  if (!s) {
    s = { name: { text: name, span: { ...at.span } }, span: { ...at.span }, units: [] };
    ctx.list.sections.push(s);
  }
  return s;
}

