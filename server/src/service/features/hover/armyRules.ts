// The hover's word on the army's rules: on a Leader's or Support unit's name, what it adds to its Bodyguard's
// attacks; on an Enhancement, what it adds to its bearer's unit's; on a detachment, what its rules add to each unit
// of the list they reach. Read as the lenses read them (`armySources.ts`, `armyRules.ts` `ruleEffects`), so the hover
// and the numbers say the same. Appended by the façade to the hover of the same place.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span, Unit } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import { normalizeName } from '../../domain/text/normalize';
import { bodyguardOf } from '../../domain/damage/targetUnit';
import { ruleEffects } from '../../domain/damage/armyRules';
import { attackingUnit } from '../attackingUnit';
import { attackRules, type ArmyResolution } from '../armySources';
import { md } from '../render/escape';

const inside = (span: Span, offset: number) => offset >= span.start && offset <= span.end;

/** The Markdown section to add to the hover at `offset`, or undefined where the army's rules have nothing to say. */
export function armyRulesHover(doc: TextDocument, list: ArmyList, rules: RulesIndex, army: ArmyResolution, offset: number): string | undefined {
  const lineOf = (u: Unit) => doc.positionAt(u.name.span.start).line + 1;
  for (const unit of list.units) {
    if (!inside(unit.span, offset)) continue;
    const owner = bodyguardOf(list, unit) ?? unit;
    const attacker = attackingUnit(list, owner, rules, true);
    if (!attacker) return undefined;
    const { parts, sources } = attackRules(army, attacker);
    const partIndex = attacker.units.indexOf(unit);
    const whose = attacker.parts.length > 1 ? `${attacker.name} (line ${lineOf(owner)})` : unit.name.text;
    if (inside(unit.name.span, offset) && owner !== unit && partIndex > 0) {
      // A Leader's or Support unit's name: what its rules add to the unit it is attached to.
      const lines = sources.filter((s) => s.part === partIndex && s.kind === 'datasheet').flatMap((s) => ruleEffects(parts, s).map((e) => `${s.name}: ${e}`));
      return section(`Attached to ${owner.name.text} (line ${lineOf(owner)}): what it adds to the unit's attacks`, lines, 'nothing its rules give changes the unit\'s attack figures');
    }
    for (const e of unit.enhancements) {
      if (!inside(e.name.span, offset)) continue;
      const lines = sources.filter((s) => s.kind === 'enhancement' && s.part === partIndex && normalizeName(s.name) === normalizeName(e.name.text)).flatMap((s) => ruleEffects(parts, s));
      return section(`In this list, on ${unit.name.text}: what it adds to the attacks of ${whose}`, lines, 'it changes none of the unit\'s attack figures');
    }
    return undefined;
  }
  for (const d of list.detachments) {
    if (!inside(d.span, offset)) continue;
    const det = army.detachments.find((x) => normalizeName(x.name) === normalizeName(d.text));
    if (!det) return undefined;
    const lines: string[] = [];
    for (const unit of list.units) {
      if (bodyguardOf(list, unit)) continue;
      const attacker = attackingUnit(list, unit, rules, true);
      if (!attacker) continue;
      const { parts, sources } = attackRules(army, attacker);
      for (const s of sources) {
        if (s.kind !== 'detachment' || !det.rules.some((r) => r.name === s.name)) continue;
        for (const e of ruleEffects(parts, s)) lines.push(`${attacker.name} (line ${lineOf(unit)}): ${s.name}: ${e}`);
      }
    }
    return section('In this list: what its rules add to each unit\'s attacks', lines, 'its rules change no attack figure of this list\'s units');
  }
  return undefined;
}

function section(title: string, lines: string[], none: string): string {
  if (!lines.length) return `**${md(title)}:** ${md(none)}.`;
  return `**${md(title)}:**\n\n${lines.map((l) => `- ${md(l)}`).join('\n')}`;
}
