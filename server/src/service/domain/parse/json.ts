// The parse result as plain JSON (CLI `--json`, golden tests): LSP-style
// zero-based line/character ranges, null for anything absent.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ArmyList, Span } from './ast';
import { listEdition } from '../editions';

export function toParseJson(list: ArmyList, text: string): object {
  const doc = TextDocument.create('untitled:list', 'army-list', 0, text);
  const range = (s: Span) => ({ start: doc.positionAt(s.start), end: doc.positionAt(s.end) });
  return {
    format: list.format,
    name: list.title?.text ?? null,
    faction: list.faction?.text ?? null,
    detachment: list.detachments[0]?.text ?? null,
    battleSize: list.battleSize ? { name: list.battleSize.name.text, points: list.battleSize.points ?? null } : null,
    statedPoints: list.statedPoints?.value ?? null,
    edition: listEdition(list, 'auto'),
    detachments: list.detachments.map((d, i) => ({ name: d.text, dp: list.detachmentPoints?.[i]?.value ?? null })),
    detachmentPoints: list.detachmentPointsStated
      ? { total: list.detachmentPointsStated.total.value, allowance: list.detachmentPointsStated.allowance?.value ?? null }
      : null,
    forceDispositions: (list.forceDispositions ?? []).map((d) => d.text),
    attachedUnits: (list.attachments ?? []).map((a) => ({
      bodyguard: a.bodyguard ? list.units.indexOf(a.bodyguard) : null,
      leaders: a.leaders.map((u) => list.units.indexOf(u)),
      supports: a.supports.map((u) => list.units.indexOf(u)),
    })),
    dataVersion: list.dataVersion?.text ?? null,
    units: list.units.map((u) => ({
      name: u.name.text,
      points: u.points?.value ?? null,
      section: u.section ?? null,
      warlord: !!u.warlord,
      enhancements: u.enhancements.map((e) => ({ name: e.name.text, points: e.points ?? null })),
      models: u.models.map((m) => ({
        count: m.count,
        name: m.name.text,
        wargear: m.wargear.map((w) => ({ count: w.count, name: w.name.text })),
      })),
      range: range(u.span),
    })),
    errors: list.errors.map((e) => ({ code: e.code, message: e.message, range: range(e.span) })),
  };
}
