// What a completion candidate is, before ranking turns it into an LSP item: its text, tier, the `data` resolve
// reads, and the edits it makes elsewhere in the document.
import type { CompletionItemKind } from 'vscode-languageserver-types';

/** What resolve needs to find the item's subject again: a kind and ids, never the documentation itself. */
export interface ItemData {
  kind: 'datasheet' | 'size' | 'model' | 'wargear' | 'warlord' | 'enhancementLine' | 'enhancement' | 'stratagem' | 'target' | 'faction' | 'detachment' | 'battleSize' | 'section' | 'skeleton' | 'download';
  id?: string;
  name?: string;
  sheet?: string;
  models?: number;
}

export interface Candidate {
  label: string;
  /** Lower tiers rank first among equally good matches. */
  tier: number;
  newText: string;
  snippet?: boolean;
  kind: CompletionItemKind;
  detail?: string;
  description?: string;
  data: ItemData;
  /** Match key when it differs from the label's. */
  key?: string;
  /** Text inserted elsewhere at `at` (a unit put in its own section further up or down the list). */
  elsewhere?: { at: number; text: string };
  /** Other edits the item makes (the unit's points an enhancement changes, a `Leading:` line under its Leader). */
  edits?: Edit[];
  /** An editor command run once the item is accepted (the download of an edition's rules data). */
  command?: { title: string; command: string; arguments?: unknown[] };
  /** Offered whatever is typed (first on an empty line, after every match once something is typed): what to do when nothing else can be (no rules data). */
  always?: boolean;
}

/** Text from `start` to `end` (document offsets) replaced by `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}
