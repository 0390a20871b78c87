// Per-model wargear, as the data's constraints bound it (`Datasheet.wargearRules`, BattleScribe): an item taken
// more often than the unit may at its size ("Max 1 plasma pistol per 5 models"), more than its models can carry,
// or carried by a model the datasheet does not give it to. Which of the data's models a list's model bullet is
// comes from the names the data gives them (entries, variants, their groups); where a bullet, an item or a limit
// cannot be matched with certainty, nothing is said.
import type { ModelGroup, WargearRef } from '../../domain/parse/ast';
import type { ModelWargear, WargearLimit, WargearRules } from '../../domain/rules/model';
import { looseName } from '../../domain/text/normalize';
import { atSize, carried, carriers, modelKey, perModel } from '../../domain/rules/wargearFit';
import { CheckContext, plural, ResolvedUnit } from './context';
import { datasheetRule } from './ruleRefs';
import { unitModelCount } from './unitPoints';

export function checkWargearLimits(ctx: CheckContext): void {
  for (const r of ctx.units) {
    const rules = r.sheet.wargearRules;
    // A text naming only some of its models settles no size, nor what they carry.
    if (!rules || r.unit.modelsUnlisted) continue;
    checkUnit(ctx, r, rules);
  }
}

interface Bullet {
  group: ModelGroup | undefined;
  /** The data's models the bullet may be (empty: none matched, so nothing is certain of it). */
  models: ModelWargear[];
  items: WargearRef[];
}

function checkUnit(ctx: CheckContext, r: ResolvedUnit, rules: WargearRules): void {
  const keyed = rules.models.map((m) => ({ m, keys: new Set(m.names.map(modelKey)) }));
  const bullets: Bullet[] = r.unit.models.map((g) => ({
    group: g,
    // The unit's one model written without a model line: the datasheet's one model entry, if it has one.
    models: g.implicit ? (rules.models.length === 1 ? rules.models : []) : keyed.filter((k) => k.keys.has(modelKey(g.name.text))).map((k) => k.m),
    items: g.wargear,
  }));
  if (r.unit.wargear?.length) bullets.push({ group: undefined, models: [], items: r.unit.wargear });
  const size = unitModelCount(r.unit, r.sheet);
  const rule = datasheetRule(ctx.edition.edition, r.sheet, 'wargear options');
  const unitNames = new Set(rules.unitItems.map((i) => looseName(i.name)));
  const bundles = new Set(rules.models.flatMap((m) => m.items.filter((i) => i.bundle).map((i) => looseName(i.name))));

  // A loadout no model may carry: an item of the datasheet on a model the data does not give it to.
  for (const b of bullets) {
    if (!b.group || !b.models.length) continue;
    for (const w of b.items) {
      const name = looseName(w.name.text);
      // An option bundle ("Accursed weapon and combi-bolter") is written as exporters please: its parts are judged.
      if (unitNames.has(name) || bundles.has(name)) continue;
      const who = carriers(rules, name);
      if (!who.length || b.models.some((m) => who.includes(m))) continue;
      const names = [...new Set(who.map((m) => m.names[0]))];
      ctx.report(w.name.span, 'wargear-not-allowed', `${b.group.name.text} cannot take ${w.name.text}: on the ${r.sheet.name} datasheet only ${names.join(', ')} can.`, { rule });
    }
  }

  // More of an item than a bullet's models can carry.
  for (const b of bullets) {
    if (!b.group || !b.models.length) continue;
    for (const [name, refs] of byName(b.items)) {
      if (bundles.has(name)) continue;
      const per = Math.max(...b.models.map((m) => perModel(rules, m, name)));
      const count = refs.reduce((n, w) => n + w.count, 0);
      if (!Number.isFinite(per) || per <= 0 || count <= b.group.count * per) continue;
      ctx.report(refs[refs.length - 1].name.span, 'wargear-over-limit', `${items(count, refs[0].name.text)} on ${plural(b.group.count, b.group.name.text)}: each may carry at most ${per}.`, { rule });
    }
  }

  // More of an item than the unit may take at its size: the strictest limit said, once per item.
  const said = new Set<number>();
  const atThisSize = rules.limits.map((limit) => ({ limit, max: atSize(limit.max, size) })).filter((x): x is { limit: WargearLimit; max: number } => x.max !== undefined);
  for (const { limit, max } of atThisSize.sort((a, b) => a.max - b.max)) {
    const counted = countFor(limit, rules, bullets);
    if (!counted) continue;
    const total = counted.reduce((n, w) => n + w.count, 0);
    const last = counted[counted.length - 1];
    if (total <= max || said.has(last.span.start)) continue;
    said.add(last.span.start);
    const names = [...new Set(limit.items.map((i) => i.name))];
    const what = names.length === 1 ? items(total, names[0]) : `${total} ${names.join(' or ')}`;
    const wording = limit.wording && looseName(limit.wording) !== looseName(names.join(' ')) ? ` ("${limit.wording}")` : '';
    ctx.report(last.name.span, 'wargear-over-limit', `${what} in ${r.sheet.name} (${plural(size, 'model')}): its datasheet allows at most ${max}${wording}.`, {
      rule,
      related: counted.slice(0, -1).map((w) => ({ span: w.name.span, message: `${w.count} ${w.name.text}` })),
    });
  }
}

/** "3 Plasma pistols", "2 Chainblades", "1 Vexilla". */
const items = (n: number, name: string) => `${n} ${n === 1 || /s$/i.test(name) ? name : `${name}s`}`;

function byName(items: WargearRef[]): Map<string, WargearRef[]> {
  const out = new Map<string, WargearRef[]>();
  for (const w of items) out.set(looseName(w.name.text), [...(out.get(looseName(w.name.text)) ?? []), w]);
  return out;
}

/**
 * The list's items a limit counts: those named as its items on bullets whose models carry them. Undefined when one
 * such item cannot be told with certainty (its bullet matches no model, or models carrying another entry of its
 * name), so that no limit is judged on a guess.
 */
function countFor(limit: WargearLimit, rules: WargearRules, bullets: Bullet[]): WargearRef[] | undefined {
  const keys = new Set(limit.items.map((i) => i.key));
  const names = new Set(limit.items.map((i) => looseName(i.name)));
  /** The entries of this name anywhere in the unit: counted when they are all the limit's. */
  const everywhere = (name: string) => carried(rules, name).map((c) => c.item);
  const out: WargearRef[] = [];
  for (const b of bullets) {
    for (const w of b.items) {
      const name = looseName(w.name.text);
      if (!names.has(name)) continue;
      const candidates = b.models.length ? carried(rules, name).filter((c) => !c.model || b.models.includes(c.model)).map((c) => c.item) : everywhere(name);
      if (!candidates.length) return undefined;
      const ours = candidates.filter((i) => keys.has(i.key));
      if (ours.length && ours.length < candidates.length) return undefined;
      if (ours.length) out.push(w);
    }
  }
  return out;
}
