// A list checked as `auspex check` and the server check it against the real 11th-edition data of ../shared (BSData
// 11e + MFM v1.1): its edition's data loaded for it, then validated. One provider for the whole test run (the
// catalogues are read once). Callers skip with `requireShared` when ../shared is absent.
import { TextDocument } from 'vscode-languageserver-textdocument';
import { RulesProvider } from '../../server/src/node/rulesProvider';
import { createLanguageService, LanguageService } from '../../server/src/service/languageService';
import { sharedPath } from './shared';

export interface Finding {
  code: string;
  line: number;
  message: string;
}

let provider: RulesProvider | undefined;
/** The real 11th-edition data folders, loaded lazily per faction. */
export function rules11(): RulesProvider {
  return (provider ??= new RulesProvider({ paths: [sharedPath('data', 'bsdata-11e'), sharedPath('data', 'mfm-11e', 'v1.1')] }));
}

let version = 0;
/** The findings of a list (1-based lines): an 11th-edition list against the real data, a 10th-edition one as the service has it. */
export function check11(text: string, service: LanguageService = createLanguageService()): Finding[] {
  const doc = TextDocument.create(`file:///check11-${++version}.txt`, 'army-list', 1, text);
  if (service.editionOf(doc) === 11) {
    rules11().ensureList(service.parse(doc), 11);
    service.setRules(rules11().rulesFor(11), 11);
  }
  return service.diagnostics(doc).map((d) => ({ code: String(d.code), line: d.range.start.line + 1, message: d.message }));
}

let wahapedia: RulesProvider | undefined;
let opened = 0;
/**
 * A fresh service with a list's edition's real data loaded for it, and the document: the 11th edition's as above,
 * the 10th's from ../shared's Wahapedia export (read once for the run).
 */
export function openWithData(text: string): { service: LanguageService; doc: TextDocument } {
  const service = createLanguageService();
  const doc = TextDocument.create(`file:///with-data-${++opened}.txt`, 'army-list', 1, text);
  const list = service.parse(doc);
  if (service.editionOf(doc) === 11) {
    rules11().ensureList(list, 11);
    service.setRules(rules11().rulesFor(11), 11);
  } else {
    wahapedia ??= new RulesProvider({ paths: [sharedPath('data', 'wahapedia')] });
    wahapedia.ensureList(list, 10);
    service.setRules(wahapedia.rulesFor(10), 10);
  }
  return { service, doc };
}
