// The VS Code client's words about the rules data (client/src/dataStatus.ts, pure): the status bar item for the
// active list, the one download offer of a session, the download's progress and its result (issue 24).
import * as assert from 'assert';
import { DownloadOffer, progressMessage, readyMessage, sourceName, statusView } from '../../client/src/dataStatus';

describe('client: the download progress and result', () => {
  it('names a source by its repository or host and file, never a mangled URL ("http:/127.0.0.1…")', () => {
    assert.strictEqual(sourceName('http://127.0.0.1:41234/wh40k-10e.zip'), '127.0.0.1:41234/wh40k-10e.zip');
    assert.strictEqual(sourceName('https://mirror.example/a/b/c/wh40k-11e.tar.gz?token=x'), 'mirror.example/…/c/wh40k-11e.tar.gz');
    assert.strictEqual(sourceName('https://github.com/BSData/wh40k-11e/archive/refs/heads/main.zip'), 'BSData/wh40k-11e');
    assert.strictEqual(sourceName('https://github.com/BSData/wh40k-11e-mfm/archive/refs/heads/main.zip'), 'BSData/wh40k-11e-mfm');
    assert.strictEqual(sourceName('/home/me/data/wh40k-10e.zip'), 'data/wh40k-10e.zip');
    assert.strictEqual(progressMessage({ source: 'http://127.0.0.1:8080/wh40k-10e.zip', received: 1048576, total: 4194304 }), '127.0.0.1:8080/wh40k-10e.zip: 1.0 of 4.0 MB');
    assert.doesNotMatch(progressMessage({ source: 'http://127.0.0.1:8080/x.zip', received: 0 }), /http:\//);
  });

  it('says each version once, with the sources that have it (was "new version X, new version X")', () => {
    const gh = (repo: string) => `https://github.com/BSData/${repo}/archive/refs/heads/main.zip`;
    const both = [
      { source: gh('wh40k-11e'), status: 'fetched', message: '', version: '2026-12-01' },
      { source: gh('wh40k-11e-mfm'), status: 'fetched', message: '', version: '2026-12-01' },
    ];
    assert.strictEqual(readyMessage('11', both), 'Auspex: 11th-edition rules data ready: new version 2026-12-01 (BSData/wh40k-11e, BSData/wh40k-11e-mfm).');
    const mixed = [both[0], { ...both[1], status: 'unchanged', version: '2026-11-20' }, { source: gh('x'), status: 'failed', message: 'x failed' }];
    assert.strictEqual(readyMessage('11', mixed), 'Auspex: 11th-edition rules data ready: new version 2026-12-01 (BSData/wh40k-11e); unchanged version 2026-11-20 (BSData/wh40k-11e-mfm).');
    assert.strictEqual(readyMessage('10', [{ source: gh('x'), status: 'failed', message: '' }]), undefined);
  });
});

describe('client: the status bar item and the download offer', () => {
  const server = {
    text: 'Auspex: 59 datasheets · 10th · 11th MFM v1.1',
    tooltip: 'Rules data: embedded (10th), mfm (11th)',
    editions: [
      { edition: 10, text: 'Auspex: 1 datasheet · 10th' },
      { edition: 11, text: 'Auspex: 58 datasheets · 11th MFM v1.1' },
    ],
  };

  it('names the active list\'s edition and says "no data: download" (a click downloads that edition) when its data is missing', () => {
    const v = statusView({ ...server, editions: [server.editions[0]] }, { uri: 'file:///t.army', edition: 11, download: 11, checked: 'none' });
    assert.strictEqual(v.text, 'Auspex: 11th · no data: download');
    assert.deepStrictEqual([v.command.command, v.command.arguments], ['auspex.downloadData', ['11']]);
    assert.ok(v.warning);
    assert.match(v.tooltip, /This 11th-edition list: it is not checked: no 11th-edition rules data is loaded for it\. Click to download/);
    const points = statusView(server, { uri: 'file:///t.army', edition: 11, download: 11, checked: 'points' });
    assert.strictEqual(points.text, 'Auspex: 11th · points only: download');
  });

  it('shows the active list\'s edition\'s data when it has some, the whole status without a list or while loading', () => {
    const v = statusView(server, { uri: 'file:///t.army', edition: 11 });
    assert.strictEqual(v.text, 'Auspex: 58 datasheets · 11th MFM v1.1');
    assert.strictEqual(v.command.command, 'auspex.showOutput');
    assert.ok(!v.warning);
    assert.match(v.tooltip, /^This list: 11th edition\./);
    assert.strictEqual(statusView(server, undefined).text, server.text);
    const loading = { text: 'Auspex: loading rules data…', tooltip: 'Reading World Eaters' };
    assert.strictEqual(statusView(loading, { uri: 'file:///t.army', edition: 11, download: 11 }).text, loading.text);
  });

  it('an empty new list is the 11th edition\'s: without its data the status bar says what to do, and so it does with no list in view', () => {
    const v = statusView({ ...server, editions: [server.editions[0]] }, { uri: 'file:///new.army', edition: 11, download: 11, checked: 'none', empty: true });
    assert.strictEqual(v.text, 'Auspex: 11th · no data: download');
    assert.deepStrictEqual([v.command.command, v.command.arguments], ['auspex.downloadData', ['11']]);
    assert.match(v.tooltip, /a new list is written in the 11th edition, the current one, and no 11th-edition rules data is loaded/);
    assert.doesNotMatch(v.text, /1 datasheet|10th/);
    // No list in view: the server's status names the current edition's missing data, a click downloads it.
    const none = statusView({ text: 'Auspex: 1 datasheet · 10th', tooltip: 'Folders: none', editions: [server.editions[0]], download: 11 }, undefined);
    assert.strictEqual(none.text, 'Auspex: no 11th-edition data: download');
    assert.deepStrictEqual([none.command.command, none.command.arguments], ['auspex.downloadData', ['11']]);
    assert.doesNotMatch(none.tooltip, /^set auspex\.data\.paths/);
  });

  it('offers the download once a session as a dialog, which does not hide itself before it is answered, to a list just opened; to one typed in, or after "not now", as a notification', () => {
    const status = { uri: 'file:///new.army', edition: 11, download: 11, checked: 'none', empty: true } as const;
    const o = new DownloadOffer().offer(status, true)!;
    assert.strictEqual(o.modal, true);
    assert.match(o.message, /no 11th-edition rules data is loaded, so a new 11th-edition list can be neither completed nor checked/);
    assert.match(o.detail, /Munitorum Field Manual/);
    // A dialog never takes the keys of someone typing.
    assert.strictEqual(new DownloadOffer().offer(status, false)?.modal, false);
    assert.strictEqual(new DownloadOffer(true).offer(status, true)?.modal, false);
  });

  it('offers the download once a session: the first list that needs data, never again for another list or edit', () => {
    const offer = new DownloadOffer();
    assert.strictEqual(offer.offer({ uri: 'file:///a.army', edition: 11 }), undefined);
    const first = offer.offer({ uri: 'file:///a.army', edition: 11, download: 11, checked: 'none' });
    assert.ok(first);
    assert.strictEqual(first.edition, '11');
    assert.strictEqual(first.action, 'Download 11th-edition data');
    assert.match(first.message, /this 11th-edition list needs the 11th-edition rules data, which is not loaded, so it is not checked/);
    assert.strictEqual(offer.offer({ uri: 'file:///a.army', edition: 11, download: 11, checked: 'none' }), undefined);
    assert.strictEqual(offer.offer({ uri: 'file:///b.army', edition: 10, download: 10, checked: 'none' }), undefined);
  });
});
