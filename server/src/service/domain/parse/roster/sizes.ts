// A roster's battle size as its selection names it ("2. Strike Force (2000 Point limit)", "Incursion (1000 Point
// limit)", "Combat Patrol"): BattleScribe's option index left out, the points limit read.
import type { BattleSize, Token } from '../ast';
import { part } from './jsonTree';

export interface BattleSizeText {
  token: Token;
  size?: BattleSize;
}

const SIZE = /^(?:\d+\.\s*)?(Combat Patrol|Incursion|Strike Force|Onslaught)\b(?:.*?(\d[\d,]*)\s*(?:points?|pts))?/i;

export function readBattleSizeText(src: string, token: Token): BattleSizeText {
  const m = SIZE.exec(token.text);
  if (!m) return { token };
  const from = m.index + m[0].indexOf(m[1]);
  const name = part(token, src, from, from + m[1].length);
  const english = m[1].toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
  const size: BattleSize = { name, span: { ...token.span } };
  if (english !== name.text) size.english = english;
  // Combat Patrol states no points limit.
  if (m[2] && english !== 'Combat Patrol') size.points = Number(m[2].replace(/,/g, ''));
  return { token, size };
}
