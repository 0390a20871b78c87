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
