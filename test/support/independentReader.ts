// An independent reading of army-list exports, written from the exporters' documented layouts
// (../shared/docs/list-formats.md, the real exports beside the repository) the way a third-party tool such as
// 40kCompactor reads them: it knows nothing of Auspex's parser. It detects the exporter (the app's footer or its
// `(N points)` unit lines under section headers, New Recruit's `+++` banner, War Organ's `[N points]` title,
// `Battle Size:` / `Detachments:` header or footer) and reads what a tournament organiser needs: faction,
// detachments, total, and each unit's name, points and model count.

export interface Reading {
  exporter: 'app' | 'newrecruit' | 'warorgan' | 'unknown';
  faction?: string;
  detachments: string[];
  total?: number;
  units: Array<{ name: string; points: number; models: number }>;
}

const APP_SECTIONS = /^(CHARACTERS?|BATTLELINE|DEDICATED TRANSPORTS|OTHER DATASHEETS|ALLIED UNITS|ATTACHED UNITS|Attached Units|UNITÉS ATTACHÉES|PERSONNAGES|LIGNE|TRANSPORT ASSIGNÉ|AUTRES FICHES TECHNIQUES|UNITÉS ALLIÉES|Unités Attachées)$/;
const APP_UNIT = /^(.+?)\s+\((\d[\d,]*) [Pp]oints\)$/;
const SIZE = /^(Combat Patrol|Incursion|Strike Force|Onslaught|Force de Frappe)\b/;

export function readIndependently(text: string): Reading {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.some((l) => /^\+{10,}\s*$/.test(l))) return readNewRecruit(lines);
  if (/\[\d[\d,]* points\]\s*$/.test(lines.find((l) => l.trim()) ?? '') || lines.some((l) => /^Created with WarOrgan/.test(l.trim())) || (lines.some((l) => /^Battle Size:/.test(l)) && lines.some((l) => /^Detachments:/.test(l)))) return readWarOrgan(lines);
  if (lines.some((l) => /^(Exported with App Version|Exporté avec)/.test(l.trim())) || lines.some((l) => APP_SECTIONS.test(l.trim()))) return readApp(lines);
  return { exporter: 'unknown', detachments: [], units: [] };
}

const num = (s: string) => Number(s.replace(/[^\d]/g, ''));

/** The app: title (N Points), faction lines, detachment and battle size, sections of `Name (N points)` blocks. */
function readApp(lines: string[]): Reading {
  const r: Reading = { exporter: 'app', detachments: [], units: [] };
  const firstSection = lines.findIndex((l) => APP_SECTIONS.test(l.trim()));
  const header = lines.slice(0, firstSection < 0 ? lines.length : firstSection).map((l) => l.trim()).filter(Boolean);
  let i = 0;
  const title = APP_UNIT.exec(header[0] ?? '');
  if (title && !SIZE.test(header[0])) {
    r.total = num(title[2]);
    i = 1;
  }
  const rest = header.slice(i).filter((l) => !SIZE.test(l) && !/^Force Dispositions?:/.test(l));
  // The faction is the line before the detachment; a detachment line may state its Detachment Points.
  const detachmentLine = rest.find((l) => /\(\d+ (Detachment Points|Points de Détachement)\)$/.test(l)) ?? rest[rest.length - 1];
  const di = rest.indexOf(detachmentLine);
  r.faction = rest[di - 1] ?? rest[0];
  if (detachmentLine && di > 0) r.detachments = detachmentLine.replace(/\s*\(\d+ [^)]*\)$/, '').split(/\s+and\s+|\s+et\s+|,\s*/);
  let unit: Reading['units'][number] | undefined;
  let modelLines = 0;
  let groups = 0;
  const close = () => {
    if (unit) unit.models = groups || 1;
    unit = undefined;
  };
  for (const raw of lines.slice(firstSection < 0 ? 0 : firstSection)) {
    const l = raw.trimEnd();
    if (!l.trim() || APP_SECTIONS.test(l.trim()) || /^(Attached [uU]nit \d+|Unité \d+ Attachée)$/.test(l.trim()) || /^(Exported|Exporté)/.test(l.trim())) {
      if (!l.trim() || APP_SECTIONS.test(l.trim())) close();
      continue;
    }
    const u = /^\S/.test(l) ? APP_UNIT.exec(l) : null;
    if (u) {
      close();
      unit = { name: u[1], points: num(u[2]), models: 1 };
      r.units.push(unit);
      modelLines = 0;
      groups = 0;
      continue;
    }
    // A model group is a "• Nx Model" bullet with wargear bulleted under it (◦, or a deeper bullet); a single
    // model's wargear is bulleted at the same depth (continuation lines carry no bullet).
    const b = /^(\s*)([•◦])\s+(\d+)x\s+/.exec(l);
    if (!b || !unit) continue;
    const p = unit as { pending?: number; indent?: number };
    const deeper = b[2] === '◦' || (p.indent !== undefined && b[1].length > p.indent);
    if (deeper && p.pending !== undefined) {
      groups += p.pending;
      p.pending = undefined;
    } else if (!deeper) {
      modelLines++;
      p.pending = Number(b[3]);
      p.indent = b[1].length;
    }
  }
  close();
  void modelLines;
  return r;
}

/** New Recruit: the banner's keys; units `[CharN: ][Nx ]Name (N pts)[: …]` at column 0, their models by `Nx` or their bullets. */
function readNewRecruit(lines: string[]): Reading {
  const r: Reading = { exporter: 'newrecruit', detachments: [], units: [] };
  let inBanner = false;
  let seenBanner = false;
  let unit: (Reading['units'][number] & { stated: boolean; groups: number }) | undefined;
  const close = () => {
    if (unit && !unit.stated) unit.models = unit.groups || 1;
    unit = undefined;
  };
  for (const raw of lines) {
    const l = raw.replace(/\u00A0/g, ' ').trimEnd();
    if (/^\+{10,}$/.test(l)) {
      inBanner = !inBanner;
      seenBanner = true;
      continue;
    }
    if (inBanner) {
      const f = /^\+ ([A-Z ]+): (.*)$/.exec(l);
      if (!f) continue;
      if (f[1] === 'FACTION KEYWORD') r.faction = f[2].split(' - ').pop()!.trim();
      if (f[1] === 'DETACHMENT' && f[2].trim() !== '—') r.detachments = f[2].split(/,\s*/).map((d) => d.replace(/\s*\([^)]*\)$/, '').trim());
      if (f[1] === 'TOTAL ARMY POINTS') r.total = num(f[2]);
      continue;
    }
    if (!seenBanner) continue;
    const u = /^(?:Char\d+:\s*)?(?:(\d+)x\s+)?(.+?)\s+\((\d[\d,]*) pts\)(?::.*)?$/.exec(l);
    if (u) {
      close();
      unit = { name: u[2], points: num(u[3]), models: u[1] ? Number(u[1]) : 1, stated: !!u[1], groups: 0 };
      r.units.push(unit);
      continue;
    }
    if (!l.trim()) {
      close();
      continue;
    }
    if (!unit) continue;
    // A model group: "• 9x Model" with its wargear inline (": …") or nested under it (indented lines).
    const g = /^•\s+(\d+)x\s+([^:]+?)(:\s*.*)?$/.exec(l);
    if (g) {
      if (g[3]) unit.groups += Number(g[1]);
      else (unit as { pending?: number }).pending = Number(g[1]);
      continue;
    }
    const p = unit as { pending?: number };
    if (/^\s+\S/.test(l) && p.pending !== undefined) {
      unit.groups += p.pending;
      p.pending = undefined;
    }
  }
  close();
  // Bullets at column 0 counted for a single model's wargear ("• 1x Gorechild") are no models: only lines nesting
  // wargear or naming wargear inline count, which the unit line's count settles when stated.
  return r;
}

/** War Organ: `Name [N points]` title, faction, `Detachments:`; units `Name (N points)` or `Name [N points]`, models from `N Model with …` bullets. */
function readWarOrgan(lines: string[]): Reading {
  const r: Reading = { exporter: 'warorgan', detachments: [], units: [] };
  const text = lines.map((l) => l.trimEnd());
  const title = /\[(\d[\d,]*) points\]$/.exec(text[0] ?? '');
  if (title) r.total = num(title[1]);
  // The faction: the last line before "Battle Size:" (a chapter's line under "Space Marines").
  const size = text.findIndex((l) => l.startsWith('Battle Size:'));
  r.faction = (size > 1 ? text[size - 1] : text[1])?.trim();
  const d = text.find((l) => l.startsWith('Detachments:'));
  if (d) r.detachments = d.slice('Detachments:'.length).replace(/\s*\(\d+(\/\d+)? Detachment Points\)$/, '').split(/,\s*/).map((x) => x.trim());
  let unit: Reading['units'][number] & { groups?: number } = { name: '', points: 0, models: 1 };
  for (const l of text.slice(2)) {
    const u = /^(?: {2})?(\S.*?)\s+(?:\((\d[\d,]*) points\)|\[(\d[\d,]*) points\])$/.exec(l);
    if (u && !/^Battle Size:/.test(l)) {
      unit = { name: u[1], points: num(u[2] ?? u[3]), models: 1 };
      r.units.push(unit);
      continue;
    }
    // A model line: "N Model with A and B", or "N Model" alone (no item list: no comma, no "and").
    const g = /^\s+•\s+(\d+)\s+\S/.exec(l);
    if (g && !/^\s+•\s+\d+x\s/.test(l) && unit.name && (/\swith\s/.test(l) || !/,|\sand\s|\s&\s/.test(l))) {
      unit.groups = (unit.groups ?? 0) + Number(g[1]);
      unit.models = unit.groups;
    }
  }
  return r;
}
