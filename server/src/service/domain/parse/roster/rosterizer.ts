// Rosterizer's roster (rosterizer.com): a `Roster` envelope holding a tree of assets under `snapshot` (or
// `history.present.roster`; a registry file is the tree itself), each asset `{ item: "Classification§Designation"
// (or `classification` and `designation`), name, quantity, stats: { Points: { value } }, assets: { included: [...],
// traits: [...] }, keywords: { Keywords: [...] } }`. The roster's own assets name the faction, the detachment and the
// battle size and hold the units; a unit's assets its models ("Model"), weapons and wargear, enhancements
// ("Enhancement", priced) and the Warlord (a trait). A unit's points are its own and those of everything in it.
import type { EnhancementRef, ModelGroup, Token, WargearRef } from '../ast';
import type { Ctx } from '../common';
import { readBattleSizeText } from './sizes';
import { JsonNode, items, num, part, path, prop, str, strProp } from './jsonTree';

/** The asset tree of a Rosterizer roster, or undefined when the JSON is none. */
export function rosterizerRoot(root: JsonNode): JsonNode | undefined {
  const snapshot = prop(root, 'snapshot') ?? path(root, 'history', 'present', 'roster');
  if (snapshot && prop(snapshot, 'assets')) return snapshot;
  // A registry file: the tree itself, with its rulebook's info.
  if (prop(root, 'assets') && (prop(root, 'info') || prop(root, 'rulebook') || strProp(root, 'item'))) return root;
  return undefined;
}

interface Asset {
  node: JsonNode;
  classification: string;
  name?: Token;
  quantity: number;
  children: JsonNode[];
}

function asset(ctx: Ctx, node: JsonNode): Asset {
  const item = strProp(node, 'item');
  const sep = item ? item.text.indexOf('§') : -1;
  const classification = strProp(node, 'classification')?.text ?? (sep >= 0 ? item!.text.slice(0, sep) : '');
  const name = strProp(node, 'designation') ?? strProp(node, 'name') ?? (item && sep >= 0 ? part(item, ctx.src, sep + 1, item.text.length) : undefined);
  const q = num(prop(node, 'quantity'));
  return { node, classification, name: name?.text ? name : undefined, quantity: q && q.value >= 1 ? Math.round(q.value) : 1, children: [...items(path(node, 'assets', 'included')), ...items(path(node, 'assets', 'traits'))] };
}

const points = (node: JsonNode) => num(path(node, 'stats', 'Points', 'value'));

function totalPoints(node: JsonNode): number {
  let sum = points(node)?.value ?? 0;
  for (const c of [...items(path(node, 'assets', 'included')), ...items(path(node, 'assets', 'traits'))]) sum += totalPoints(c);
  return Math.round(sum);
}

const spanOf = (node: JsonNode) => ({ start: node.offset, end: node.offset + node.length });
const CONFIG = /^(faction|detachment|battle size|force disposition)$/i;
const GEAR = /weapon|wargear/i;

export function readRosterizer(ctx: Ctx, root: JsonNode): void {
  const list = ctx.list;
  const tree = rosterizerRoot(root)!;
  const top = asset(ctx, tree);
  const title = strProp(tree, 'name') ?? top.name;
  if (title?.text && !/^roster$/i.test(title.text)) list.title = title;
  const total = points(tree);
  if (total) list.statedPoints = total;
  for (const a of top.children.map((c) => asset(ctx, c))) {
    if (!a.name) continue;
    const c = a.classification.toLowerCase();
    if (c === 'faction') list.faction ??= a.name;
    else if (c === 'detachment') list.detachments.push(a.name);
    else if (c === 'force disposition') (list.forceDispositions ??= []).push(a.name);
    else if (c === 'battle size') {
      const s = readBattleSizeText(ctx.src, a.name);
      if (s.size) list.battleSize = s.size;
      else ctx.error('parse-error', `Battle size "${a.name.text}" not understood`, a.name.span.start, a.name.span.end);
    } else if (!CONFIG.test(c) && !/^trait$/i.test(c)) readUnit(ctx, a);
  }
  if (!list.units.length) ctx.error('parse-error', 'The roster has no unit', tree.offset, tree.offset + 1);
}

function readUnit(ctx: Ctx, a: Asset): void {
  const span = spanOf(a.node);
  const keywords = items(path(a.node, 'keywords', 'Keywords')).map((k) => str(k)?.text ?? '');
  const section = keywords.some((k) => /^(character|epic hero)$/i.test(k)) ? 'CHARACTERS' : keywords.some((k) => /^battleline$/i.test(k)) ? 'BATTLELINE' : keywords.some((k) => /^dedicated transport$/i.test(k)) ? 'DEDICATED TRANSPORTS' : undefined;
  if (section) {
    let s = ctx.list.sections.find((x) => x.name.text === section);
    if (!s) ctx.list.sections.push((s = { name: { text: section, span: { ...a.name!.span } }, span: { ...a.name!.span }, units: [] }));
    ctx.section = s;
  }
  const unit = ctx.addUnit(a.name!, span.start, span.end);
  ctx.section = undefined;
  unit.points = { value: totalPoints(a.node), span: points(a.node)?.span ?? a.name!.span };
  const models: ModelGroup[] = [];
  const gear: WargearRef[] = [];
  const walk = (nodes: JsonNode[], into: WargearRef[]) => {
    for (const c of nodes.map((n) => asset(ctx, n))) {
      if (!c.name) continue;
      const k = c.classification;
      if (/^model$/i.test(k)) {
        const g: ModelGroup = { count: ctx.count(c.quantity, c.name.span.start, c.name.span.end), name: c.name, span: spanOf(c.node), wargear: [], implicit: false };
        walk(c.children, g.wargear);
        models.push(g);
      } else if (/^warlord$/i.test(c.name.text)) unit.warlord = { ...c.name.span };
      else if (/^enhancement$/i.test(k)) {
        const e: EnhancementRef = { name: c.name, span: spanOf(c.node) };
        const p = points(c.node);
        if (p) e.points = p.value;
        unit.enhancements.push(e);
      } else if (GEAR.test(k)) into.push({ count: ctx.count(c.quantity, c.name.span.start, c.name.span.end), name: c.name, span: spanOf(c.node) });
    }
  };
  walk(a.children, gear);
  if (!models.length) {
    unit.models = [{ count: ctx.count(a.quantity, a.name!.span.start, a.name!.span.end), name: { ...a.name! }, span, wargear: gear, implicit: true }];
    if (a.quantity > 1) unit.statedModelCount = { value: a.quantity, span: { ...a.name!.span } };
  } else {
    unit.models = models;
    if (gear.length) unit.wargear = gear;
  }
}
