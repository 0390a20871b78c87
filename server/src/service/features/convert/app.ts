// `app`: the official app's export as Format Document writes it (features/format.ts, one renderer for both):
// "dialect A" bullets, `(N Points)`; the 11th-edition form adds the Detachment Points, force dispositions and the
// ATTACHED UNITS block. The app layout holds everything the tree holds.
import type { ArmyList, Unit } from '../../domain/parse/ast';
import { renderAppLayout } from '../format';
import { Army, Written, finish } from './model';

export function writeApp(list: ArmyList, army: Army, source: string): Written {
  const eleventh = army.edition === 11;
  const section = new Map<Unit, Army['units'][number]['section']>();
  const units = list.units.map((u, i) => {
    const copy: Unit = eleventh ? u : { ...u, attachedAs: undefined };
    section.set(copy, army.units[i].section);
    return copy;
  });
  const swap = new Map(list.units.map((u, i) => [u, units[i]]));
  const bare: ArmyList = {
    ...list,
    units,
    sections: list.sections.map((s) => ({ ...s, units: s.units.map((u) => swap.get(u)!) })),
    attachments: eleventh ? list.attachments?.map((a) => ({ ...a, leaders: a.leaders.map((u) => swap.get(u)!), supports: a.supports.map((u) => swap.get(u)!), bodyguard: a.bodyguard && swap.get(a.bodyguard) })) : undefined,
    editionShown: eleventh ? 11 : undefined,
    dataVersion: source ? list.dataVersion : undefined,
    comments: [],
    stratagemPlan: undefined,
    opponent: undefined,
  };
  const text = renderAppLayout(source, bare, (u) => section.get(u));
  return finish(text.replace(/\r\n/g, '\n').split('\n'), army, []);
}
