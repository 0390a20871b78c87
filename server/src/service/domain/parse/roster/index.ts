// The JSON rosters players export (issue 33): New Recruit's JSON export and ListForge's (the BattleScribe roster
// schema as JSON, bsRoster.ts) and Rosterizer's (rosterizer.ts), read into the same tree as every text export, each
// name, count and points spanning its JSON value. Any other JSON is refused with one message; JSON that does not
// parse, with where. Never throws (parseArmyList's guard catches what would).
import type { ArmyList, ListFormat } from '../ast';
import { Ctx } from '../common';
import { path, prop, readJson, strProp } from './jsonTree';
import { readBsRoster } from './bsRoster';
import { readRosterizer, rosterizerRoot } from './rosterizer';

const BS_ROSTER_SCHEMA = 'http://www.battlescribe.net/schema/rosterSchema';

/**
 * Whether a text is JSON rather than a list: it opens an object (no list starts so), or it is a JSON array whole (a
 * title may open with a bracket: "[WIP] My list (2000 Points)", War Organ's "[2000 points]" for a list without a name).
 */
export function looksLikeJson(src: string): boolean {
  const t = src.replace(/^\uFEFF/, '');
  const first = /\S/.exec(t)?.[0];
  if (first === '{') return true;
  if (first !== '[') return false;
  const read = readJson(t);
  return read.ok || read.deep === true;
}

export function parseJsonRoster(src: string): ArmyList {
  const read = readJson(src);
  if (!read.ok) return refused(src, 'json', `${read.message}: this file is no army list`, read.at);
  const root = read.root;
  const roster = prop(root, 'roster');
  const kind: ListFormat | undefined =
    roster && prop(roster, 'forces')?.type === 'array'
      ? /^https:\/\/newrecruit/i.test(strProp(roster, 'generatedBy')?.text ?? strProp(root, 'generatedBy')?.text ?? '') || strProp(roster, 'xmlns')?.text === BS_ROSTER_SCHEMA
        ? 'nrjson'
        : 'listforgejson'
      : rosterizerRoot(root)
        ? 'rosterizerjson'
        : undefined;
  if (!kind) return refused(src, 'json', "This JSON is not a roster Auspex reads: New Recruit's and ListForge's JSON exports hold a \"roster\" with \"forces\", Rosterizer's a \"snapshot\" of assets", 0);
  const ctx = new Ctx(src, kind);
  if (kind === 'rosterizerjson') readRosterizer(ctx, root);
  else readBsRoster(ctx, root, kind);
  // What the 11th edition adds, as in any export; New Recruit also names the game system.
  if (!ctx.list.editionShown && /\b11th\b/i.test(strProp(path(root, 'roster'), 'gameSystemName')?.text ?? '')) ctx.list.editionShown = 11;
  return ctx.list;
}

function refused(src: string, format: ListFormat, message: string, at: number): ArmyList {
  const ctx = new Ctx(src, format);
  ctx.error('parse-error', message, at, Math.min(src.length, at + 1));
  return ctx.list;
}
