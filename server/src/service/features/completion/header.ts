// The header of a list, in the order it is written: title, faction, detachment(s), battle size. Which of them can
// stand on the cursor's line (only those: typing narrows the kind it started with), and their items: every
// faction the loaded data and the data that can be loaded have (with its edition), the faction's detachments
// (with their Detachment Points in the 11th edition), the battle sizes. A faction picked in a list with no
// detachment or battle size yet brings both lines as snippet choices, and leaves the cursor on the first unit line.
import { CompletionItemKind } from 'vscode-languageserver-types';
import type { ArmyList } from '../../domain/parse/ast';
import type { RulesIndex } from '../../domain/rules';
import type { Detachment, Faction } from '../../domain/rules/model';
import type { Edition } from '../../domain/editions/types';
import { normalizeName } from '../../domain/text/normalize';
import { catalogOf } from './catalog';
import { choiceEscape, snippetEscape } from './build';
import type { Candidate } from './items';
import type { Dialect } from './dialect';

export type HeaderKind = 'title' | 'faction' | 'detachment' | 'battleSize' | 'unit';

/** Factions beyond the document's own edition's loaded data: other editions' data, and folders' unloaded factions. */
export interface FactionSources {
  /** The rules index of each edition with data (the document's own included). */
  editions: { edition: Edition; rules: RulesIndex }[];
  /** Factions the data folders and the download cache hold, loaded or not. */
  loadable: { name: string; edition: Edition }[];
}

/**
 * What can stand on the header line at `lineStart`, read from the lines above it (a half-typed header is what the
 * parser reads least well): before the faction line, the faction (and the title on the first line); on the lines
 * right below it, the detachment and the battle size it still lacks; after a blank line below it, units.
 */
export function headerKinds(text: string, lineStart: number, isFaction: (line: string) => boolean, isBattleSize: (line: string) => boolean, severalDetachments = false): HeaderKind[] {
  const above = text.slice(0, lineStart).split(/\r?\n/).slice(0, -1).map((l) => l.trim()).filter((l) => !l.startsWith('#'));
  let i = above.length - 1;
  const gap = i >= 0 && above[i] === '';
  while (i >= 0 && above[i] === '') i--;
  // The block of lines right above (and the blank line between, if any).
  const block: string[] = [];
  for (; i >= 0 && above[i] !== ''; i--) block.unshift(above[i]);
  const at = block.findIndex(isFaction);
  if (at < 0) {
    if (above.slice(0, Math.max(0, i)).some(isFaction)) return ['unit'];
    return block.length ? ['faction'] : ['faction', 'title'];
  }
  if (gap) return ['unit'];
  // The header's other lines: those below the faction line above the cursor, and those right below the cursor's line.
  const below: string[] = [];
  const next = text.indexOf('\n', lineStart);
  if (next >= 0) for (const l of text.slice(next + 1).split(/\r?\n/).map((x) => x.trim())) {
    if (l === '' || isFaction(l)) break;
    if (!l.startsWith('#')) below.push(l);
  }
  const after = [...block.slice(at + 1), ...below];
  const missing: HeaderKind[] = [];
  // Where an army may take several detachments (the 11th edition), another one can follow the first.
  if (!after.some((l) => !isBattleSize(l)) || severalDetachments) missing.push('detachment');
  if (!after.some(isBattleSize)) missing.push('battleSize');
  return missing.length ? missing : ['unit'];
}

const ordinal = (e: Edition) => (e === 11 ? '11th' : '10th');

function battleSizeTexts(rules: RulesIndex, dialect: Dialect): { text: string; name: string; points?: number }[] {
  const sizes = rules.data.battleSizes.map((b) => ({ text: b.points !== undefined ? `${b.name} (${b.points} ${dialect.points})` : b.name, name: b.name, points: b.points }));
  // Strike Force first: the usual game.
  return sizes.sort((a, b) => Number(b.name === 'Strike Force') - Number(a.name === 'Strike Force'));
}

function detachmentText(d: Detachment, edition: Edition): string {
  return edition === 11 && d.dp !== undefined ? `${d.name} (${d.dp} Detachment Point${d.dp === 1 ? '' : 's'})` : d.name;
}

interface FactionChoice {
  name: string;
  edition: Edition;
  faction?: Faction;
  rules?: RulesIndex;
}

/** Every faction of every edition, loaded or loadable, once per (name, edition); the document's edition first. */
export function factionChoices(rules: RulesIndex, edition: Edition, sources: FactionSources | undefined): FactionChoice[] {
  const out = new Map<string, FactionChoice>();
  const editions = sources?.editions.length ? sources.editions : [{ edition, rules }];
  for (const e of editions) {
    const cat = catalogOf(e.rules);
    for (const f of e.rules.data.factions) {
      if (cat.datasheetsOf(f).length === 0) continue;
      const key = `${e.edition}:${normalizeName(f.name)}`;
      if (!out.has(key)) out.set(key, { name: f.name, edition: e.edition, faction: f, rules: e.rules });
    }
  }
  for (const l of sources?.loadable ?? []) {
    // BSData names a catalogue "Imperium - Adeptus Custodes": the list names "Adeptus Custodes".
    const name = l.name.split(' - ').pop()!.trim();
    if (!name || /library|unaligned|^warhammer 40,?000$/i.test(name)) continue;
    const key = `${l.edition}:${normalizeName(name)}`;
    if (!out.has(key)) out.set(key, { name, edition: l.edition });
  }
  return [...out.values()];
}

/** `onLine(offset)`: whether an offset is on the cursor's line (what it names is being replaced, not kept). */
export function headerCandidates(rules: RulesIndex, edition: Edition, list: ArmyList, kinds: HeaderKind[], dialect: Dialect, sources?: FactionSources, atEnd = false, onLine: (offset: number) => boolean = () => false): Candidate[] {
  const out: Candidate[] = [];
  const cat = catalogOf(rules);
  if (kinds.includes('faction')) {
    const bring = list.detachments.length === 0 && !list.battleSize;
    for (const c of factionChoices(rules, edition, sources)) {
      const r = c.rules;
      const n = r && c.faction ? catalogOf(r).datasheetsOf(c.faction).length : undefined;
      let newText = snippetEscape(c.name);
      if (bring) {
        const dets = r && c.faction ? catalogOf(r).detachmentsOf(c.faction).map((d) => detachmentText(d, c.edition)) : [];
        const sizes = battleSizeTexts(r ?? rules, dialect).map((s) => s.text);
        // An 11th-edition faction not loaded yet: the Detachment Points make the list read as the 11th edition's.
        // One detachment known (the embedded seed's Combat Patrol) is no choice: the faction's data loads once the
        // line is there, and completion on the placeholder offers all of them.
        // (The Detachment Points are no tab stop: the detachment completed on the placeholder replaces them.)
        const detLine = dets.length > 1 ? `\${1|${dets.map(choiceEscape).join(',')}|}` : c.edition === 11 ? '${1:Detachment} (1 Detachment Point)' : '${1:Detachment}';
        // The battle size: Strike Force as a placeholder (Tab keeps it; typing over it completes the others).
        const sizeLine = `\${2:${snippetEscape(sizes[0] ?? `Strike Force (2000 ${dialect.points})`)}}`;
        // The 10th edition's app writes the detachment first; the 11th's the same.
        newText += `\n${detLine}\n${sizeLine}${atEnd ? '\n\n$0' : ''}`;
      }
      out.push({
        label: c.name,
        tier: c.edition === edition ? 0 : 1,
        newText,
        snippet: true,
        kind: CompletionItemKind.Module,
        detail: `Faction · ${ordinal(c.edition)} edition${n !== undefined ? ` · ${n} datasheet${n === 1 ? '' : 's'}` : ' · loaded when the list names it'}`,
        description: `${ordinal(c.edition)} ed.`,
        data: c.faction ? { kind: 'faction', id: c.faction.id } : { kind: 'section', name: c.name },
      });
    }
  }
  if (kinds.includes('detachment')) {
    const faction = cat.factionOf(list.faction?.text);
    // The detachments the list names on other lines: not offered again; in the 11th edition, the Detachment Points
    // they spend leave what another one may cost (the battle size's allowance, from the data).
    const named = list.detachments.filter((t) => !onLine(t.span.start));
    const namedKeys = new Set(named.map((t) => normalizeName(t.text)));
    const spent = named.reduce((n, t) => n + (cat.detachmentsOf(faction).find((d) => normalizeName(d.name) === normalizeName(t.text))?.dp ?? 0), 0);
    const size = list.battleSize && rules.data.battleSizes.find((b) => normalizeName(b.name) === normalizeName(list.battleSize!.english ?? list.battleSize!.name.text));
    const left = named.length && size?.detachmentPoints !== undefined ? size.detachmentPoints - spent : undefined;
    for (const d of cat.detachmentsOf(faction)) {
      if (namedKeys.has(normalizeName(d.name))) continue;
      if (left !== undefined && d.dp !== undefined && d.dp > left) continue;
      const text = detachmentText(d, edition);
      out.push({ label: text, key: cat.key(d.name), tier: 0, newText: text, kind: CompletionItemKind.Folder, detail: `${d.faction} detachment${d.forceDisposition ? ` · ${d.forceDisposition}` : ''}`, data: { kind: 'detachment', id: d.id } });
    }
  }
  // A battle size the list states on another line is not offered again.
  if (kinds.includes('battleSize') && !(list.battleSize && !onLine(list.battleSize.span.start))) {
    for (const b of battleSizeTexts(rules, dialect)) {
      out.push({ label: b.text, tier: b.name === 'Strike Force' ? 0 : 1, newText: b.text, kind: CompletionItemKind.Constant, detail: b.points !== undefined ? `${b.points}-point limit` : 'fixed forces', data: { kind: 'battleSize', name: b.name } });
    }
  }
  if (kinds.includes('title')) {
    out.push({ label: 'Title line', tier: 3, newText: `\${1:My list} (\${2:2000} ${dialect.points})\n\n$0`, snippet: true, kind: CompletionItemKind.Snippet, detail: 'the list\'s name and points, then the faction', data: { kind: 'skeleton' } });
  }
  return out;
}
