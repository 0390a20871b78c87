// Drives the VS Code workbench in Debian's Chromium through playwright-core:
// open files, move the cursor, hover words, read the status bar, the Problems
// panel and code lenses, and save a screenshot per step. Every wait is on the
// UI's own state with a timeout; there are no fixed sleeps.
import * as fs from 'fs';
import * as path from 'path';
import { Browser, chromium, Locator, Page } from 'playwright-core';
import { repoRoot } from '../../support/shared';

export const CHROMIUM = process.env.AUSPEX_CHROMIUM || '/usr/bin/chromium';
export const ARTIFACTS = path.join(repoRoot, 'test-artifacts', 'e2e');
export const UI_TIMEOUT = 30_000;

const isMac = process.platform === 'darwin';
export const MOD = isMac ? 'Meta' : 'Control';

export async function launchBrowser(): Promise<Browser> {
  // playwright-core gives each launch a fresh temporary profile.
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export class Workbench {
  private step = 0;
  constructor(readonly page: Page) {}

  static async open(browser: Browser, url: string, folder: string): Promise<Workbench> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.setDefaultTimeout(UI_TIMEOUT);
    await page.goto(`${url}/?folder=${encodeURIComponent(folder)}`);
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    // The explorer shows the workspace once the remote file system answers.
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ state: 'visible', timeout: 60_000 });
    return new Workbench(page);
  }

  /** Saves test-artifacts/e2e/NN-name.png and returns its path. */
  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    this.step++;
    const file = path.join(ARTIFACTS, `${String(this.step).padStart(2, '0')}-${name}.png`);
    // Finish CSS fade-ins (the hover fades in) so the picture shows the settled UI.
    await this.page.screenshot({ path: file, animations: 'disabled' });
    return file;
  }

  /** Opens a workspace file through Quick Open and waits for its editor tab to be active with text shown. */
  async openFile(name: string): Promise<void> {
    const { page } = this;
    const input = page.locator('.quick-input-widget input');
    const row = page.locator('.quick-input-list .monaco-list-row.focused', { hasText: name });
    // A file written a moment ago may not be in Quick Open's file search yet: ask again (three tries).
    for (let attempt = 1; ; attempt++) {
      await this.focusEditorArea();
      await page.keyboard.press(`${MOD}+KeyP`);
      await input.waitFor({ state: 'visible' });
      await input.fill(name);
      // Enter picks the focused row: wait until filtering has put the file there.
      try {
        await row.waitFor({ state: 'visible', timeout: attempt < 3 ? 10_000 : undefined });
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
        await page.keyboard.press('Escape');
      }
    }
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ state: 'visible' });
    await this.editor().locator('.view-lines .view-line').first().waitFor({ state: 'visible' });
  }

  editor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-editor').first();
  }

  private async focusEditorArea(): Promise<void> {
    // Escape closes any open widget so shortcuts reach the workbench.
    await this.page.keyboard.press('Escape');
  }

  /** The language shown in the status bar for the active editor. */
  async languageMode(expected: string): Promise<string> {
    const item = this.page.locator('[id="status.editor.mode"]');
    await item.filter({ hasText: expected }).waitFor({ state: 'visible' });
    return (await item.innerText()).trim();
  }

  /** Moves the cursor with Go to Line (1-based line and column). */
  async goToLine(line: number, column = 1): Promise<void> {
    const { page } = this;
    await this.editor().click({ position: { x: 200, y: 10 } }).catch(() => undefined);
    await page.keyboard.press(`${MOD}+KeyG`);
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`:${line}:${column}`);
    await page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden' });
    await page.locator('[id="status.editor.selection"]', { hasText: `Ln ${line}, Col ${column}` }).waitFor({ state: 'visible' });
  }

  /** Moves the mouse onto the first rendered occurrence of `text` and returns the hover widget's text once it shows `expect`. */
  async hover(text: string, expect: string | RegExp): Promise<string> {
    const { page } = this;
    const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: expect }).first();
    // A code lens arriving (data just loaded) moves the line under the mouse: measure again and hover again,
    // up to three times, as a user would.
    for (let attempt = 1; ; attempt++) {
      const box = await this.textBox(text);
      // Move away first so a previous hover does not linger, then onto the word's middle.
      await page.mouse.move(5, 5);
      await page.mouse.move(box.x + Math.min(box.width / 2, 20), box.y + box.height / 2, { steps: 4 });
      try {
        await hover.waitFor({ state: 'visible', timeout: attempt < 3 ? 10_000 : undefined });
        return hover.innerText();
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
  }

  /** The screen rectangle of the first rendered occurrence of `text` in the active editor. */
  async textBox(text: string): Promise<{ x: number; y: number; width: number; height: number }> {
    const line = this.editor().locator('.view-lines .view-line', { hasText: text }).first();
    await line.waitFor({ state: 'visible' });
    const box = await line.evaluate((el, needle) => {
      // Runs in the page (the tests compile without DOM types).
      const doc = (globalThis as any).document;
      // Monaco renders non-breaking spaces; compare on plain spaces.
      const walker = doc.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
      const nodes: any[] = [];
      let all = '';
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        nodes.push(n);
        all += (n.textContent ?? '').replace(/\u00a0/g, ' ');
      }
      const start = all.indexOf(needle);
      if (start < 0) return null;
      const range = doc.createRange();
      let offset = 0;
      let startSet = false;
      for (const node of nodes) {
        const len = node.length;
        if (!startSet && start < offset + len) {
          range.setStart(node, start - offset);
          startSet = true;
        }
        if (startSet && start + needle.length <= offset + len) {
          range.setEnd(node, start + needle.length - offset);
          break;
        }
        offset += len;
      }
      const r = range.getBoundingClientRect();
      return { x: r.left, y: r.top, width: r.width, height: r.height };
    }, text);
    if (!box) throw new Error(`"${text}" is not rendered in the editor`);
    return box;
  }

  /** The code lens texts rendered in the active editor, once one matches `expect`. */
  async codeLenses(expect: string | RegExp): Promise<string[]> {
    const lens = this.editor().locator('.codelens-decoration');
    await lens.filter({ hasText: expect }).first().waitFor({ state: 'visible' });
    return lens.allInnerTexts();
  }

  /**
   * Opens the Problems panel and returns its marker rows (file rows left out)
   * once every pattern in `expect` matches one of them.
   */
  async problems(expect: RegExp[]): Promise<string[]> {
    const { page } = this;
    const panel = page.locator('.markers-panel');
    // The shortcut toggles the panel: press it only when the panel is closed.
    if (!(await panel.isVisible())) {
      await page.keyboard.press('Escape');
      await page.keyboard.press(`${MOD}+Shift+KeyM`);
    }
    await panel.waitFor({ state: 'visible' });
    const rows = panel.locator('.monaco-list-row');
    // A marker row ends with its "[Ln 9, Col 1]" position; file rows do not.
    const markerRows = async () => (await rows.allInnerTexts()).filter((r) => /\[Ln \d+, Col \d+\]/.test(r));
    await page
      .waitForFunction(
        (sources) => {
          const all: any[] = [...(globalThis as any).document.querySelectorAll('.markers-panel .monaco-list-row')];
          const texts = all.map((r) => r.innerText as string);
          return sources.every(([src, flags]) => texts.some((t) => new RegExp(src, flags).test(t)));
        },
        expect.map((r) => [r.source, r.flags] as [string, string]),
        { timeout: UI_TIMEOUT },
      )
      .catch(async (e) => {
        throw new Error(`Problems panel lacks ${expect.join(', ')}: ${(await rows.allInnerTexts()).join(' | ')}\n${e}`);
      });
    return markerRows();
  }

  /**
   * The status bar's problems summary: its accessible label, e.g. "Errors: 3"
   * (VS Code names only non-zero kinds) or "No Problems". With `expect`, waits
   * until the label matches it.
   */
  async problemsStatus(expect?: RegExp): Promise<string> {
    const read = (): string => {
      const item = (globalThis as any).document.getElementById('status.problems');
      const labelled = item?.querySelector('[aria-label]');
      return labelled?.getAttribute('aria-label') ?? item?.getAttribute('aria-label') ?? item?.innerText ?? '';
    };
    await this.page.locator('[id="status.problems"]').waitFor({ state: 'visible' });
    if (expect) {
      await this.page
        .waitForFunction(
          ([src, flags]) => {
            const item = (globalThis as any).document.getElementById('status.problems');
            const labelled = item?.querySelector('[aria-label]');
            const label = labelled?.getAttribute('aria-label') ?? item?.getAttribute('aria-label') ?? item?.innerText ?? '';
            return new RegExp(src, flags).test(label);
          },
          [expect.source, expect.flags] as [string, string],
          { timeout: UI_TIMEOUT },
        )
        .catch(async (e) => {
          throw new Error(`status bar problems never matched ${expect}: "${await this.page.evaluate(read)}"\n${e}`);
        });
    }
    return this.page.evaluate(read);
  }

  /** The rendered line `line` (1-based); Monaco positions each line at top = (line - 1) * line height. */
  private async lineLocator(line: number): Promise<Locator> {
    const height = await this.editor().evaluate((el) => {
      const l = el.querySelector('.view-lines .view-line') as any;
      return l ? l.offsetHeight : 19;
    });
    return this.editor().locator(`.view-lines .view-line[style*="top:${(line - 1) * height}px"]`).first();
  }

  /** The text of editor line `line` (1-based) as rendered. */
  async lineText(line: number): Promise<string> {
    const el = await this.lineLocator(line);
    return ((await el.innerText()) ?? '').replace(/\u00a0/g, ' ');
  }

  /** Waits until editor line `line` (1-based) shows `text`. */
  async waitLineText(line: number, text: string): Promise<void> {
    await (await this.lineLocator(line)).filter({ hasText: text }).waitFor({ state: 'visible' });
  }

  /**
   * Picks the entry labelled `label` in the open action list (quick fixes,
   * refactorings) with the keyboard, as a user would; a mouse click is caught
   * by the list's pointer guard.
   */
  async pickAction(label: string): Promise<void> {
    const { page } = this;
    const rows = page.locator('.action-widget .monaco-list-row.action');
    await rows.filter({ hasText: label }).first().waitFor({ state: 'visible' });
    const count = await rows.count();
    for (let i = 0; i <= count; i++) {
      if (await page.locator('.action-widget .monaco-list-row.action.focused', { hasText: label }).count()) {
        await page.keyboard.press('Enter');
        await page.locator('.action-widget').waitFor({ state: 'hidden' });
        return;
      }
      await page.keyboard.press('ArrowDown');
    }
    throw new Error(`no action "${label}" could be focused: ${(await rows.allInnerTexts()).join(' | ')}`);
  }

  /** Runs a command from the Command Palette by its title. */
  async runCommand(title: string): Promise<void> {
    const input = await this.paletteCommand(title);
    await input.waitFor({ state: 'hidden' });
  }

  /** Runs a command from the Command Palette, then picks `choice` in the quick pick it opens in the same widget. */
  async runCommandAndPick(title: string, choice: string, timeout?: number): Promise<void> {
    const { page } = this;
    const input = await this.paletteCommand(title);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: choice }).first().waitFor({ state: 'visible', timeout });
    await input.fill(choice);
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: choice }).waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
  }

  /** F1, the command's title, Enter once the palette has focused it; returns the quick input. */
  private async paletteCommand(title: string): Promise<Locator> {
    const { page } = this;
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>${title}`);
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title }).waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
    return input;
  }
}
