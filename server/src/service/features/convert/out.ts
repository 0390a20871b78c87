// A writer's output: lines, each with where what it writes stands in the source (so that Format Document puts a
// comment back before what followed it), what the format could not hold (by kind, so that the check of the result
// leaves it out), and how names were written so that they read as themselves (names.ts). Joined with the source's
// line ends.
import type { Army, DropKind } from './model';
import { Names } from './names';

export interface OutLine {
  text: string;
  /** Source offset of what the line writes. */
  at?: number;
}

export class Out {
  readonly lines: OutLine[] = [];
  readonly drops: Array<{ kind: DropKind; message: string }> = [];
  /** Facts written from elsewhere than the list (an enhancement's cost from the rules data): not compared, not dropped. */
  readonly unchecked = new Set<DropKind>();
  constructor(readonly names: Names) {}

  /**
   * An enhancement's cost as a format that states every cost writes it: the list's, else the rules data's (then the
   * written cost is the data's, which the check of the result does not hold against the list).
   */
  cost(e: { points?: number; dataPoints?: number }): number | undefined {
    if (e.points !== undefined) return e.points;
    if (e.dataPoints !== undefined) this.unchecked.add('enhancementCosts');
    return e.dataPoints;
  }

  line(text: string, at?: number): void {
    this.lines.push(at === undefined ? { text } : { text, at });
  }
  /** One blank line, unless the output is empty or already ends with one. */
  blank(): void {
    if (this.lines.length && this.lines[this.lines.length - 1].text !== '') this.lines.push({ text: '' });
  }
  /** `n` blank lines before what follows (never at the start). */
  blanks(n: number): void {
    if (!this.lines.length) return;
    while (this.lines.length && this.lines[this.lines.length - 1].text === '') this.lines.pop();
    for (let i = 0; i < n; i++) this.lines.push({ text: '' });
  }
  drop(kind: DropKind, message: string): void {
    this.drops.push({ kind, message });
  }
}

/** The writer's result. */
export interface Written {
  text: string;
  /** What the format could not hold, one phrase each (for standard error and the editor's message). */
  dropped: string[];
  /** Names written otherwise so that the format reads them as names (commas, " and ", invisible characters). */
  escaped: string[];
  /** Set when the list cannot be written in the format without changing what it says: nothing should be written. */
  refused?: string;
  /** The lines with their source anchors (Format Document places comments with them). */
  lines: OutLine[];
  /** The kinds of what was dropped. */
  dropKinds: DropKind[];
}

/** Joins the lines with the source's line ends (a final one as the source had, or always without a source). */
export function finish(out: Out, army: Army): Written {
  const lines = out.lines;
  while (lines.length && lines[lines.length - 1].text === '') lines.pop();
  while (lines.length && lines[0].text === '') lines.shift();
  const seen = new Set<string>();
  const dropped: string[] = [];
  for (const d of [...army.dropped, ...out.drops]) {
    if (seen.has(d.message)) continue;
    seen.add(d.message);
    dropped.push(d.message);
  }
  const eol = army.source.eol;
  const text = lines.map((l) => l.text).join(eol) + (army.source.finalNewline ? eol : '');
  return { text, dropped, escaped: out.names.escaped(), refused: out.names.refused(), lines, dropKinds: [...new Set([...army.dropped, ...out.drops].map((d) => d.kind).concat([...out.unchecked]))] };
}
