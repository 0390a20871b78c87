// `auspex convert` (issue 26): every real list in ../shared/lists and ../shared/lists-11e, written in every format
// and read back by Auspex's own parser, fields the same army; converting twice gives the same text; each format's
// text has the layout of that format's real export.
import * as assert from 'assert';
import * as fs from 'fs';
import { parseArmyList } from '../../server/src/service/domain/parse';
import type { ArmyList, Unit } from '../../server/src/service/domain/parse/ast';
import { CONVERT_FORMATS, ConvertFormat, DROPPED_PREFIX, writeList } from '../../server/src/service/features/convert';
import { normalizeName } from '../../server/src/service/domain/text/normalize';
import { hasShared, requireShared, sharedPath } from '../support/shared';

const FOLDERS = ['lists', 'lists-11e'];

function realLists(): Array<{ file: string; text: string }> {
  return FOLDERS.filter((f) => hasShared(f)).flatMap((f) =>
    fs
      .readdirSync(sharedPath(f))
      .filter((n) => n.endsWith('.txt'))
      .sort()
      .map((n) => ({ file: `${f}/${n}`, text: fs.readFileSync(sharedPath(f, n), 'utf8') })),
  );
}

/** A name as compared: case, typography and accents folded (normalizeName), and " & " read as " and " (War Organ writes "Lacerator & daemonic claw"). */
const key = (s: string) => normalizeName(s).replace(/\s+&\s+/g, ' and ');

/**
 * What a unit fields: name, stated points, model count, wargear totals by name (over its model groups and its own),
 * enhancements with their stated cost, the Warlord, `Leading:`, its role in an attached unit, and (`notes`) its notes.
 */
function unitSig(u: Unit, opts: { role: boolean; notes: boolean; leading: boolean }): string {
  const gear = new Map<string, number>();
  for (const w of [...u.models.flatMap((m) => m.wargear), ...(u.wargear ?? [])]) gear.set(key(w.name.text), (gear.get(key(w.name.text)) ?? 0) + w.count);
  return JSON.stringify({
    name: key(u.name.text),
    points: u.points?.value,
    models: u.models.length ? u.models.reduce((a, m) => a + m.count, 0) : (u.statedModelCount?.value ?? 1),
    wargear: [...gear].map(([n, c]) => `${c}x ${n}`).sort(),
    enhancements: u.enhancements.map((e) => `${key(e.name.text)}${e.points !== undefined ? ` +${e.points}` : ''}`).sort(),
    warlord: !!u.warlord,
    ...(opts.leading ? { leading: u.leading && key(u.leading.text) } : {}),
    ...(opts.role ? { role: u.attachedAs?.role } : {}),
    ...(opts.notes ? { notes: u.notes.map((n) => n.text) } : {}),
  });
}

const total = (l: ArmyList) => l.statedPoints?.value ?? l.units.reduce((a, u) => a + (u.points?.value ?? 0), 0);

/** The army a list fields, leaving out what the conversion declared dropped (and only that). */
function armySig(l: ArmyList, dropped: string[], format: ConvertFormat, eleventh: boolean): object {
  const has = (what: RegExp) => dropped.some((d) => what.test(d));
  const attachments = eleventh && !has(/attached/);
  const opts = { role: attachments && !has(/Support role/), notes: !has(/^notes /), leading: !has(/^Leading: /) };
  const sig = (u: Unit) => unitSig(u, opts);
  return {
    units: l.units.map(sig).sort(),
    total: total(l),
    faction: l.faction && key(l.faction.text),
    battleSize: has(/battle size/) ? undefined : l.battleSize && `${l.battleSize.english ?? l.battleSize.name.text} ${l.battleSize.points}`,
    detachments: l.detachments.map((d) => key(d.text)),
    ...(eleventh
      ? {
          dp: l.detachmentPointsStated?.total.value ?? (l.detachmentPoints ?? []).map((p) => p?.value ?? null),
          dispositions: (l.forceDispositions ?? []).map((d) => key(d.text)),
          attachments: attachments ? (l.attachments ?? []).map((a) => [...a.leaders, ...a.supports, ...(a.bodyguard ? [a.bodyguard] : [])].map(sig).sort().join(' + ')).sort() : undefined,
        }
      : {}),
    format,
  };
}

describe('convert: round trips over every real list and every format', function () {
  before(function () {
    requireShared(this, 'lists');
  });
  for (const { file, text } of hasShared('lists') ? realLists() : []) {
    for (const format of CONVERT_FORMATS) {
      it(`${file} → ${format}: read back, the same army; converting again gives the same text`, () => {
        const list = parseArmyList(text);
        const eleventh = list.editionShown === 11;
        const out = writeList(list, format, undefined, { source: text });
        const back = parseArmyList(out.text);
        assert.deepStrictEqual(back.errors.map((e) => e.message), [], `${format} text does not read back cleanly:\n${out.text}`);
        assert.strictEqual(back.editionShown ?? 10, list.editionShown ?? 10, 'the edition the text shows');
        assert.deepStrictEqual(armySig(back, out.dropped, format, eleventh), armySig(list, out.dropped, format, eleventh), out.text);
        // The dropped items are said in one line, the last.
        const lines = out.text.trimEnd().split('\n');
        assert.strictEqual(lines.filter((l) => l.startsWith(DROPPED_PREFIX)).length, out.dropped.length ? 1 : 0);
        if (out.dropped.length) assert.strictEqual(lines[lines.length - 1], DROPPED_PREFIX + out.dropped.join('; '));
        const again = writeList(back, format, undefined, { source: out.text });
        assert.strictEqual(again.text, out.text, 'converting the converted text again changes it');
      });
    }
  }
});
