// The language-service core on fixture lists: diagnostics, hover and code
// lenses as the server and the CLI get them.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';
import { loadEmbeddedRules } from '../../server/src/service/domain/rules/embedded';
import type { RulesData } from '../../server/src/service/domain/rules/model';
import { repoRoot } from '../support/shared';

function fixture(name: string): TextDocument {
  const file = name.startsWith('examples/') ? path.join(repoRoot, name) : path.join(repoRoot, 'test', 'fixtures', 'service', name);
  return TextDocument.create(`file://${file}`, 'army-list', 1, fs.readFileSync(file, 'utf8'));
}

function positionOf(doc: TextDocument, needle: string, delta = 0) {
  const at = doc.getText().indexOf(needle);
  assert.ok(at >= 0, `"${needle}" is in the fixture`);
  return doc.positionAt(at + delta);
}

/** The embedded data with points for the seed's unit, as community data would state them. */
function rulesWithPoints(): RulesData {
  const data = loadEmbeddedRules();
  return {
    ...data,
    datasheets: data.datasheets.map((d) => (d.name === 'Atalan Jackals' ? { ...d, points: [{ models: 5, points: 85 }, { models: 10, points: 170 }] } : d)),
  };
}

describe('language service', () => {
  it('reports nothing on the valid example', () => {
    const service = createLanguageService();
    assert.deepStrictEqual(service.diagnostics(fixture('examples/claw-of-ascension.army')), []);
  });

  it('reports a misspelt datasheet with the closest name, on the name', () => {
    const doc = fixture('examples/mistakes.army');
    const diags = createLanguageService().diagnostics(doc);
    const typo = diags.find((d) => d.code === 'unknown-datasheet' && d.message.includes('Jackels'));
    assert.ok(typo);
    assert.strictEqual(typo.message, 'Unknown datasheet "Atalan Jackels". Did you mean "Atalan Jackals"? Looked up in the embedded data.');
    assert.deepStrictEqual(typo.range.start, positionOf(doc, 'Atalan Jackels'));
    // Only the embedded seed is loaded: the community data is offered too.
    assert.deepStrictEqual(typo.data, { suggestions: ['Atalan Jackals'], download: 10 });
    assert.ok(diags.some((d) => d.code === 'parse-error'), 'the stray line is a parse error');
  });

  it('flags stated points the data contradicts, and only those', () => {
    const doc = fixture('points.army');
    // The fixture has no CHARACTER to be Warlord; the Warlord checks are validate.test.ts's.
    const diags = createLanguageService({ rules: rulesWithPoints() }).diagnostics(doc).filter((d) => d.code !== 'no-warlord');
    assert.deepStrictEqual(
      diags.map((d) => [d.code, d.message, doc.getText(d.range)]),
      [['points-mismatch', 'Atalan Jackals with 5 models costs 85 points in the rules data, not 90.', '90']],
    );
  });

  it('does not flag points when the data has none (the seed is a Combat Patrol)', () => {
    assert.deepStrictEqual(createLanguageService().diagnostics(fixture('points.army')).filter((d) => d.code !== 'no-warlord'), []);
  });

  it('warns once about a faction the data does not cover instead of flagging every unit', () => {
    const doc = fixture('other-faction.army');
    const diags = createLanguageService().diagnostics(doc);
    assert.deepStrictEqual(diags.map((d) => d.code), ['faction-not-loaded']);
    assert.strictEqual(doc.getText(diags[0].range), 'World Eaters');
  });

  it('hovers a unit with its datasheet and a rule word with its text', () => {
    const service = createLanguageService();
    const doc = fixture('examples/claw-of-ascension.army');
    const unit = service.hover(doc, positionOf(doc, 'Atalan Jackals\n', 2));
    assert.ok(unit);
    const md = (unit.contents as MarkupContent).value;
    assert.match(md, /^### Atalan Jackals/);
    assert.match(md, /\| Atalan Wolfquad \| 12" \| 4 \| 5\+ \| 4 \| 7\+ \| 1 \|/);
    assert.match(md, /\| Atalan power weapon \| Melee \| 2 \| 4\+ \| 4 \| -2 \| 1 \|/);
    assert.deepStrictEqual(unit.range, { start: positionOf(doc, 'Atalan Jackals\n'), end: positionOf(doc, 'Atalan Jackals\n', 14) });

    const weapon = service.hover(doc, positionOf(doc, 'Mining laser', 3));
    assert.ok(weapon);
    assert.match((weapon.contents as MarkupContent).value, /\| Mining laser \| 24" \| 1 \| 4\+ \| 12 \| -3 \| D6\+1 \|/);

    // (A comment in a 10th-edition list: a list with nothing written yet is the current edition's, whose data is not loaded here.)
    const words = TextDocument.create('untitled:w', 'army-list', 1, 'Genestealer Cults\nClaw of Ascension\n# Scouts 9", [PISTOL] and Lethal Hits\n');
    const scouts = service.hover(words, { line: 2, character: 3 });
    assert.match((scouts!.contents as MarkupContent).value, /^### Scouts/);
    const pistol = service.hover(words, { line: 2, character: 15 });
    assert.match((pistol!.contents as MarkupContent).value, /^### Pistol/);
    const lethal = service.hover(words, { line: 2, character: 30 });
    assert.match((lethal!.contents as MarkupContent).value, /Critical Hit automatically wounds/);
    assert.strictEqual(service.hover(words, { line: 2, character: 25 }), null, 'no hover on "and"');
  });
});
