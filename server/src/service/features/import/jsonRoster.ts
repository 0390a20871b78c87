// A JSON roster (New Recruit's, ListForge's, Rosterizer's: domain/parse/roster) as list text in the official app
// layout, as *Import Roster* and `auspex import` give it: the roster read as any list, written by the converter
// (what the layout cannot hold becomes a warning). Any other JSON is refused with the parser's one message.
import { parseArmyList } from '../../domain/parse';
import { writeList } from '../convert';
import { RosterImport, RosterImportError } from './roster';

const ROSTER_FORMATS = new Set(['nrjson', 'listforgejson', 'rosterizerjson']);

export function jsonRosterToList(text: string): RosterImport {
  const list = parseArmyList(text);
  if (!ROSTER_FORMATS.has(list.format) || list.errors.length) throw new RosterImportError(list.errors[0]?.message ?? 'This JSON is not a roster Auspex reads');
  const written = writeList(list, 'app', list.editionShown ?? 10, { source: text });
  if (written.refused) throw new RosterImportError(written.refused);
  return { text: written.text, warnings: [...written.dropped.map((d) => `not held by the app layout: ${d}`), ...written.escaped] };
}
