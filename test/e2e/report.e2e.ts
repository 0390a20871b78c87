// The `auspex report` page in a real browser: Debian's Chromium opens the one
// HTML file from disk with every network request refused, then the test sorts
// and filters the table, opens a list's section and checks that text from the
// lists stays text. The screenshot lands in test-artifacts/e2e/ (the README's
// picture is copied from there by scripts/e2e/update-screenshots.sh).
//
// The lists are the repository's own: the examples, the validation fixtures, an
// unreadable file and a list whose title is markup.
import * as assert from 'assert';
import * as childProcess from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../support/shared';
import { ARTIFACTS, CHROMIUM, launchBrowser } from './support/workbench';

const REQUIRED = !!process.env.AUSPEX_E2E_REQUIRED;
const CLI = path.join(repoRoot, 'dist', 'cli.js');

const MARKUP_TITLE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';

describe('e2e: the auspex report page in Chromium', function () {
  this.timeout(120_000);
  let dir: string;
  let browser: Browser | undefined;
  let page: Page;
  let report: { lists: { file: string; verdict: string; statedPoints?: number; faction?: string }[] };
  const external: string[] = [];

  before(async function () {
    const missing = [
      !fs.existsSync(CHROMIUM) && `Chromium at ${CHROMIUM} (apt-get install chromium, or set AUSPEX_CHROMIUM)`,
      !fs.existsSync(CLI) && 'dist/cli.js (npm run build)',
    ].filter(Boolean);
    if (missing.length) {
      const msg = `the report page test needs ${missing.join('; ')}`;
      if (REQUIRED) throw new Error(msg);
      console.log(`      (skipped: ${msg})`);
      this.skip();
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-report-e2e-'));
    const lists = path.join(dir, 'lists');
    fs.mkdirSync(lists);
    for (const f of fs.readdirSync(path.join(repoRoot, 'examples'))) fs.copyFileSync(path.join(repoRoot, 'examples', f), path.join(lists, f));
    for (const f of fs.readdirSync(path.join(repoRoot, 'test', 'fixtures', 'validate'))) fs.copyFileSync(path.join(repoRoot, 'test', 'fixtures', 'validate', f), path.join(lists, f));
    fs.writeFileSync(path.join(lists, 'unreadable.txt'), 'Nothing here is an army list.\nJust two lines.\n');
    const valid = fs.readFileSync(path.join(repoRoot, 'test', 'fixtures', 'validate', 'valid.army'), 'utf8');
    assert.match(valid, /^Claw raid \(/m);
    fs.writeFileSync(path.join(lists, 'markup.army'), valid.replace(/^Claw raid \(/m, `${MARKUP_TITLE} (`));
    const html = path.join(dir, 'report.html');
    const json = path.join(dir, 'report.json');
    const run = childProcess.spawnSync(process.execPath, [CLI, 'report', 'lists', '--html', html, '--json', json], { encoding: 'utf8', cwd: dir });
    assert.strictEqual(run.status, 1, `some lists are not legal, so exit 1\n${run.stdout}${run.stderr}`);
    report = JSON.parse(fs.readFileSync(json, 'utf8'));

    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    // The page must need nothing but itself: any request other than the file is recorded and refused.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:') && url.endsWith('report.html')) return route.continue();
      external.push(url);
      return route.abort();
    });
    page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`file://${html}`);
    await page.waitForSelector('#lists tbody tr');
    assert.deepStrictEqual(errors, [], 'no script error');
  });

  after(async function () {
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const visibleFiles = () => page.$$eval('#lists tbody tr:not(.hidden) td:first-child', (tds) => tds.map((td) => td.textContent ?? ''));
  const column = (i: number) => page.$$eval(`#lists tbody tr:not(.hidden) td:nth-child(${i})`, (tds) => tds.map((td) => td.getAttribute('data-v') ?? td.textContent ?? ''));

  it('shows one row per list, in the order of the report, and loads nothing from elsewhere', async () => {
    const files = await visibleFiles();
    assert.deepStrictEqual(files, report.lists.map((l) => l.file));
    assert.strictEqual(files.length, 9);
    assert.deepStrictEqual(external, []);
    assert.strictEqual(await page.textContent('#shown'), `9 of 9 lists shown`);
  });

  it('keeps markup from a list as text', async () => {
    assert.strictEqual(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), undefined);
    const cell = await page.locator('#lists tbody tr', { hasText: 'markup.army' }).locator('td').nth(2).textContent();
    assert.ok(cell?.includes('<script>'), `the title shows as text: ${cell}`);
  });

  it('sorts by a numeric column both ways, and by verdict', async () => {
    await page.click('#lists th:text-is("Stated")');
    assert.strictEqual(await page.getAttribute('#lists th:text-is("Stated")', 'aria-sort'), 'ascending');
    const asc = (await column(7)).map((v) => (v === '' ? -Infinity : Number(v)));
    assert.deepStrictEqual(asc, [...asc].sort((a, b) => a - b));
    assert.ok(asc[asc.length - 1] > asc[0], `points differ: ${asc}`);
    await page.click('#lists th:text-is("Stated")');
    assert.strictEqual(await page.getAttribute('#lists th:text-is("Stated")', 'aria-sort'), 'descending');
    const desc = (await column(7)).map((v) => (v === '' ? -Infinity : Number(v)));
    assert.deepStrictEqual(desc, [...asc].reverse().sort((a, b) => b - a));
    await page.click('#lists th:text-is("Verdict")');
    const verdicts = await column(2);
    assert.deepStrictEqual(verdicts, [...verdicts].sort());
  });

  it('filters by verdict, by faction and by free text', async () => {
    await page.selectOption('#verdict', 'not legal');
    const notLegal = report.lists.filter((l) => l.verdict === 'not legal').map((l) => l.file).sort();
    assert.ok(notLegal.length >= 2);
    assert.deepStrictEqual((await visibleFiles()).sort(), notLegal);
    assert.strictEqual(await page.textContent('#shown'), `${notLegal.length} of 9 lists shown`);
    // The sections below follow the filter.
    assert.strictEqual(await page.locator('details:not(.hidden)').count(), notLegal.length);
    await page.selectOption('#verdict', 'could not be read');
    assert.deepStrictEqual(await visibleFiles(), report.lists.filter((l) => l.verdict === 'could not be read').map((l) => l.file));
    await page.selectOption('#verdict', '');
    await page.fill('#filter', 'over-limit');
    assert.deepStrictEqual(await visibleFiles(), report.lists.filter((l) => l.file.includes('over-limit')).map((l) => l.file));
    await page.fill('#filter', '');
    assert.strictEqual((await visibleFiles()).length, 9);
  });

  it('prints every section open and without the controls', async () => {
    await page.emulateMedia({ media: 'print' });
    assert.strictEqual(await page.isVisible('.controls'), false);
    await page.evaluate(() => (globalThis as unknown as { dispatchEvent(e: unknown): void; Event: new (t: string) => unknown }).dispatchEvent(new (globalThis as unknown as { Event: new (t: string) => unknown }).Event('beforeprint')));
    assert.strictEqual(await page.locator('details:not([open])').count(), 0);
    assert.strictEqual(await page.locator('details[open]').count(), 9);
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => (globalThis as unknown as { document: { querySelectorAll(s: string): { open: boolean }[] } }).document.querySelectorAll('details').forEach((d) => { d.open = false; }));
    assert.strictEqual(await page.isVisible('.controls'), true);
  });

  it('opens a list\'s section from its row, with each finding quoted in context', async () => {
    await page.click('#lists a:text-matches("mistakes")');
    const section = page.locator('details[open]');
    assert.strictEqual(await section.count(), 1);
    const text = (await section.textContent()) ?? '';
    assert.match(text, /unknown-datasheet line 9: Unknown datasheet "Atalan Jackels"/);
    // The quoted line, marked, with its number.
    const hit = await section.locator('pre .hit').first().textContent();
    assert.match(hit ?? '', /^9\s*.*Atalan Jackels/);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    await page.selectOption('#verdict', '');
    await page.screenshot({ path: path.join(ARTIFACTS, 'report-page.png') });
  });
});
