// Names written into a format where some of their characters are syntax: a comma separates the items of a
// bullet or an inline list in every format, " and " joins War Organ's items, a line break ends a line, and the
// invisible characters the readers ignore (zero-width joiners, bidirectional controls) make two names look apart
// to a writer that the reader takes for one. Each such name is written so that it reads as itself (commas as ";",
// War Organ's "and" as "&", as War Organ writes such names; invisible characters left out) and the change is said;
// whatever still reads otherwise is refused by the check of the result (verify.ts).

export const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const BREAKS = /[\r\n\t\u0085\u2028\u2029\v\f]+/g;
const HAS_INVISIBLE = new RegExp(INVISIBLE.source);
const HAS_BREAK = new RegExp(BREAKS.source);

export interface NameRules {
  /** The format joins items with " and " (War Organ). */
  and?: boolean;
}

export class Names {
  private readonly notes = new Set<string>();
  private readonly refusals: string[] = [];
  constructor(private readonly rules: NameRules = {}) {}

  /** A unit's, a model's or a header's name: one line, without invisible characters, no space around it. */
  plain(name: string): string {
    let out = name.trim();
    if (HAS_INVISIBLE.test(out)) {
      out = out.replace(INVISIBLE, '');
      this.notes.add(`invisible characters left out of "${printable(name)}"`);
    }
    if (HAS_BREAK.test(out)) {
      out = out.replace(BREAKS, ' ').trim();
      this.notes.add(`line breaks in "${printable(name)}" written as spaces`);
    }
    return out;
  }

  /** An item's name (wargear, enhancement, note) where items are separated by commas (and, in War Organ, " and "). */
  item(name: string): string {
    let out = this.plain(name);
    if (out.includes(',')) {
      out = out.replace(/,/g, ';');
      this.notes.add(`"${printable(name)}" written "${out}" (a comma separates items)`);
    }
    if (this.rules.and && /\s+and\s+/i.test(out)) {
      const was = out;
      out = out.replace(/\s+and\s+/gi, ' & ');
      this.notes.add(`"${printable(was)}" written "${out}" (War Organ joins items with "and")`);
    }
    return out;
  }

  /** A model group's name where a colon ends it (New Recruit's "• 9x Model: wargear"): its colons as ";". */
  model(name: string): string {
    const out = this.plain(name);
    if (!out.includes(':')) return out;
    const escaped = out.replace(/:/g, ';');
    this.notes.add(`"${printable(name)}" written "${escaped}" (a colon ends a model's name)`);
    return escaped;
  }

  /**
   * A name in a header list (detachments, force dispositions, a faction path's part): commas separate its entries,
   * and, where `and` / `dash` / `dot` say so, " and " (the app's detachments), " - " (New Recruit's faction path),
   * " · " (the compact header) too.
   */
  header(name: string, opts: { and?: boolean; dash?: boolean; dot?: boolean } = {}): string {
    let out = this.plain(name);
    const was = out;
    if (out.includes(',')) out = out.replace(/,/g, ';');
    if (opts.and) out = out.replace(/\s+(and|et)\s+/gi, ' & ');
    if (opts.dash) out = out.replace(/\s+-\s+/g, ' – ');
    if (opts.dot) out = out.replace(/\s*·\s*/g, ' . ');
    out = out.trim();
    if (out !== was) this.notes.add(`"${printable(name)}" written "${out}" (a separator in the header)`);
    return out;
  }

  refuse(reason: string): void {
    this.refusals.push(reason);
  }

  escaped(): string[] {
    return [...this.notes];
  }

  refused(): string | undefined {
    return this.refusals[0];
  }
}

/** A name as a message shows it: invisible characters as code points. */
function printable(s: string): string {
  return s.replace(INVISIBLE, (c) => `<U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`).replace(BREAKS, ' ');
}
