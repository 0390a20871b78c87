// The official app's export, in its two layouts (both current: the build numbers differ), each in the 10th- and
// 11th-edition form, as the real exports in ../shared write them:
//  - `app` (dialect A): `(N Points)`, every item bulleted `  • `, model wargear `     ◦ `, `Enhancements:`, one
//    blank line before a section; 11th edition: `ATTACHED UNITS` and `Attached unit N` groups.
//  - `app-v2` (dialect B): `(N points)`, the first item bulleted and the rest as continuation lines, model wargear
//    `    • `, `Enhancement:`, two blank lines before a section; 11th edition: `Attached Units`, `Attached Unit N`,
//    `• Attached as:` at column 0; in French when the source export is French.
// The header as the source app wrote it when it is an app export (battle size before or after the detachments,
// thousands separators), the footer (app and data versions) only when the source has one, as written; enhancement
// costs only where the source app text wrote them (the app shows none). One detachment before the battle size; a
// bare force disposition after the Detachment Points, several after `Force Dispositions:`.
import { APP_SECTIONS } from './sections';
import { Army, ArmyUnit, Group, Item, attachedUnits, bySection, isGrandAlliance, lineRuns, singleModel } from './model';
import { itemText } from './nrLoadouts';
import { Out, OutLine } from './out';
import { APP_WORDS, AppWords } from './appWords';

export type AppDialect = 'A' | 'B';

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export function writeApp(out: Out, army: Army, dialect: AppDialect): void {
  const same = army.source.appDialect === dialect;
  // A French app export stays French in its own (11th) edition's form: the French export is the v2 app's.
  const words = APP_WORDS[army.source.french && army.edition === 11 ? 'fr' : 'en'];
  const eleventh = army.edition === 11;
  const names = out.names;
  const pointsWord = dialect === 'A' ? words.PointsA : words.pointsB;
  const pts = (n: number, sep = false) => `(${sep ? thousands(n) : n} ${pointsWord})`;

  // The title states the list's name and its total: without a name there is no title line (a name is never made up).
  if (army.title !== undefined && army.total !== undefined) {
    out.line(`${names.plain(army.title)}${same ? (army.source.titleGap ?? ' ') : ' '}${pts(army.total, same ? !!army.source.titleThousands : false)}`, army.at.title);
    out.blank();
  } else {
    if (army.title !== undefined) out.drop('title', `the list's name "${army.title}" (the app's title states the total too, and the list states none)`);
    if (army.totalStated) out.drop('total', `the stated total of ${army.total} points (the app states it in a title line, and the list has no name)`);
  }
  if (army.superFaction && !isGrandAlliance(army.superFaction)) out.line(names.plain(army.superFaction), army.at.faction);
  if (army.faction) out.line(names.plain(army.faction), army.at.faction);
  const sizeSep = same ? !!army.source.sizeThousands : dialect === 'A';
  const size = army.size ? `${sizeName(army, words)}${army.size.points !== undefined ? ` ${pts(army.size.points, sizeSep)}` : ''}` : undefined;
  // Detachments are read apart at commas (and, in the 11th edition, at "and").
  const detachments = army.detachments.map((d) => names.header(d, { and: eleventh }));
  if (eleventh) {
    const sizeFirst = same ? !!army.source.sizeFirst : false;
    if (size && sizeFirst) out.line(size, army.at.size);
    if (detachments.length) out.line(detachmentLine(army, detachments, words), army.at.detachments);
    const fd = army.dispositions.map((d) => names.header(d));
    // A bare disposition line reads as one only after a line stating Detachment Points.
    const dpLine = detachments.length && (army.dpTotal !== undefined || army.dpEach.some((d) => d !== undefined));
    // Bare (the app from v2.4) or after "Force Dispositions:" (before it, and for several), as the source app wrote it.
    const bare = fd.length === 1 && dpLine && (same ? army.source.dispositionBare !== false : true);
    if (fd.length) out.line(bare ? fd[0] : `${words.dispositions}: ${fd.join(', ')}`, army.at.dispositions);
    if (size && !sizeFirst) out.line(size, army.at.size);
  } else if ((detachments.length > 1 || (same && army.source.sizeFirst) || (!same && dialect === 'B')) && size) {
    // The app writes one detachment before the battle size (dialect A) or after it (B); two read back only after it.
    out.line(size, army.at.size);
    detachments.forEach((d) => out.line(d, army.at.detachments));
  } else {
    detachments.forEach((d) => out.line(d, army.at.detachments));
    if (size) out.line(size, army.at.size);
  }

  const attached = attachedUnits(army);
  if (army.attachments.length) {
    out.blank();
    out.line(dialect === 'A' ? words.attachedA : words.attachedB);
    army.attachments.forEach((g, i) => {
      // Dialect B writes the first group's header right under the block's.
      if (dialect === 'A' || i > 0) out.blank();
      out.line((dialect === 'A' ? words.groupA : words.groupB)(i + 1));
      for (const u of g) {
        out.blank();
        unitLines(out, army, u, dialect, words, true);
      }
    });
  }
  for (const [section, units] of bySection(army, APP_SECTIONS, (u) => u.section, attached)) {
    out.blanks(dialect === 'A' ? 1 : 2);
    out.line(words.sections[section], units[0].sectionAt);
    for (const u of units) {
      out.blank();
      unitLines(out, army, u, dialect, words, false);
    }
  }
  // The footer names the app's and the data's versions: kept as the source app wrote it, never made up; converted,
  // only in its own edition's form (the v2 app is the 11th edition's); formatted, always (it is the list's text).
  const footer = army.source.appFooter;
  if (footer && (footerEdition(footer) === army.edition || army.formatting)) {
    out.blank();
    out.line(footer);
  } else if (footer) out.drop('extra', `the app's footer "${footer}" (its app is the ${footerEdition(footer)}th edition's)`);
}

/** The edition of the app that wrote a footer: v2 and later, the 11th. */
function footerEdition(footer: string): 10 | 11 {
  const v = /(?:App Version|Version de l.Appli)\s*:\s*v?(\d+)/i.exec(footer);
  return v && Number(v[1]) >= 2 ? 11 : 10;
}


function sizeName(army: Army, words: AppWords): string {
  const name = army.size!.name;
  return words.sizes[name] ?? name;
}

/** "A and B (3 Detachment Points)"; each detachment's own DP when only those are stated; else the names joined by commas. */
function detachmentLine(army: Army, ds: string[], words: AppWords): string {
  const dp = (n: number) => `(${n} ${words.dp})`;
  if (army.dpTotal !== undefined) return `${ds.join(` ${words.and} `)} ${dp(army.dpTotal)}`;
  if (army.dpEach.some((d) => d !== undefined)) return ds.map((d, i) => (army.dpEach[i] !== undefined ? `${d} ${dp(army.dpEach[i]!)}` : d)).join(` ${words.and} `);
  return ds.join(', ');
}

function unitLines(out: Out, army: Army, u: ArmyUnit, dialect: AppDialect, words: AppWords, inBlock: boolean): void {
  const names = out.names;
  const same = army.source.appDialect === dialect;
  const pointsWord = dialect === 'A' ? words.PointsA : words.pointsB;
  const name = names.plain(u.name);
  out.line(u.points !== undefined ? `${name} (${u.points} ${pointsWord})` : name, u.at);
  const bullet = '  • ';
  if (inBlock && u.role) out.line(`${dialect === 'A' ? '  • ' : '• '}${words.attachedAs(u.role, u.roleQualifier)}`);
  // The body in blocks (the Warlord, a note, the wargear, a model group, an enhancement): in the app's order, or in
  // the order an app text wrote them.
  const blocks: OutLine[][] = [];
  const block = (...lines: OutLine[]) => blocks.push(lines);
  if (u.warlord) block({ text: `${bullet}${words.warlord}`, at: u.warlordAt });
  for (const n of u.notes) block({ text: `${bullet}${names.plain(n.text)}`, at: n.at });
  // An app text's items written on one line stay so; the others one per line.
  const items = (list: Item[], indent: string, mark: string): OutLine[] =>
    lineRuns(list, same).map((run, i) => {
      const text = run.map((w) => itemText(out, w, same)).join(', ');
      return { text: dialect === 'A' || i === 0 ? `${indent}${mark} ${text}` : `${indent}  ${text}`, at: run[0].at };
    });
  if (singleModel(u)) {
    const lines = items(u.groups[0].items, '  ', '•');
    if (lines.length) block(...lines);
  } else
    u.groups.forEach((g: Group, i) => {
      // The app has no unit-level wargear: the first model group carries it.
      block({ text: `  • ${g.count}x ${names.plain(g.implicit ? u.name : g.name)}`, at: g.at }, ...items(i === 0 ? [...g.items, ...u.unitItems] : g.items, '    ', dialect === 'A' ? ' ◦' : '•'));
    });
  // The app shows no enhancement cost (each is in its unit's points); an app text that wrote one keeps it.
  for (const e of u.enhancements) {
    const keep = same || army.formatting;
    const cost = e.points !== undefined && keep ? ` (+${e.points} pts)` : '';
    if (e.points !== undefined && !keep) out.drop('enhancementCosts', `the enhancements' costs (the app shows none; each is in its unit's points)`);
    block({ text: `${bullet}${dialect === 'A' ? words.enhancementsA : words.enhancementB}: ${names.item(e.name)}${cost}`, at: e.at });
  }
  if (u.leading) block({ text: `${bullet}Leading: ${names.plain(u.leading.text)}`, at: u.leading.at });
  if (same && blocks.every((b) => b[0].at !== undefined)) blocks.sort((a, b) => a[0].at! - b[0].at!);
  for (const b of blocks) for (const l of b) out.line(l.text, l.at);
}
