// Which exporter wrote the text. Each format has a signature line or shape;
// the official app format is the fallback (hand-written lists follow it).
import type { ListFormat } from './ast';
import type { Line } from './lines';

const BANNER = /^\+{5,}\s*$/;
const CHAR_INLINE = /^[A-Za-z]+\d+\s*:\s*(?:\d+\s*x\s+)?.*\(\s*\d[\d,]*\s*pts?\s*\)\s*:/;
const CHAR_LINE = /^[A-Za-z]+\d+\s*:\s*(?:\d+\s*x\s+)?.*\(\s*\d[\d,]*\s*pts?\s*\)/;
const WITH = /^\s*\d+\s+with\s/;
const BS = /^(\+\+\s*Army Roster|\+\s+Configuration\s+\+$)/;
const NRS = /^(#\s*\+\+\s*Army Roster|##\s+.*\[\s*\d[\d,]*\s*pts?\s*\]\s*$|##\s+Configuration\s*$)/;
const NRS_TITLE = /\s-\s\[\s*\d[\d,]*\s*pts?\s*\]\s*$/;
const PTS = /\(\s*\d[\d,]*\s*pts?\s*\)(\s*:.*)?$/;
const PTS_TIGHT = /\(\s*\d[\d,]*pts\)/;
const POINTS = /\(\s*\d[\d,]*\s*points\)\s*$/i;
const ROLE = /^[A-Z][A-Za-z ]*:\s*$/;

export function detectFormat(lines: Line[]): ListFormat {
  const texts = lines.filter((l) => !l.blank).map((l) => l.text.trim());
  const first = texts[0] ?? '';
  if (texts.some((t) => BANNER.test(t))) {
    if (texts.some((t) => CHAR_INLINE.test(t))) return 'wtccompact';
    if (texts.some((t) => CHAR_LINE.test(t) || WITH.test(t))) return 'wtc';
    return 'nrgw';
  }
  if (texts.some((t) => BS.test(t))) return 'battlescribe';
  if (NRS_TITLE.test(first) || texts.some((t) => NRS.test(t))) return 'nrsimple';
  let pts = 0;
  let points = 0;
  let tight = 0;
  let roles = 0;
  for (const t of texts) {
    if (POINTS.test(t)) points++;
    else if (PTS.test(t)) {
      pts++;
      if (PTS_TIGHT.test(t)) tight++;
    } else if (ROLE.test(t)) roles++;
  }
  if (pts > points) {
    if (roles > 0 && tight < pts) return 'listforge';
    return tight > 0 || roles === 0 ? 'nrshort' : 'listforge';
  }
  return 'gwapp';
}
