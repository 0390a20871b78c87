// Parsing against a peer parser (issue 35: no real list slower to parse than the fastest correct peer on it).
// The peer is listgrok (github.com/powens/listgrok, Python), run from a checkout named by AUSPEX_PEER_LISTGROK
// (the folder holding src/listgrok) with AUSPEX_PEER_PYTHON or python3; it is never part of this repository.
// bench/peerListgrok.py, our own script, imports it from there and times its parse of each real list (../shared/lists,
// ../shared/lists-11e); Auspex's parseArmyList is timed here on the same text. A list counts only where listgrok
// parses it without raising and finds as many units as Auspex; the others are listed with the reason. Three rounds,
// each timing both parsers on every list, smooth the load of a shared machine: a list's figure is the median of its
// rounds' medians. The ratio is listgrok's time over Auspex's: Auspex's speed in multiples of listgrok's (target ≥ 1).
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { BenchRow, measure } from './harness';
import { parseArmyList } from '../server/src/service/domain/parse';
import { hasShared, repoRoot, sharedPath } from '../test/support/shared';

const ROUNDS = 3;
const WARMUP = 50;
const AUSPEX_RUNS = 400;
const PEER_RUNS = 200;
const SECTION = 'listgrok vs Auspex';

interface PeerList {
  file: string;
  units?: number;
  median_us?: number;
  error?: string;
}

interface PeerAnswer {
  python: string;
  lists: PeerList[];
}

interface RealList {
  /** "11th/gwapp11_orks_1.txt" */
  label: string;
  file: string;
  text: string;
  units: number;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[xs.length >> 1];
const micro = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

function realLists(): RealList[] {
  const lists: RealList[] = [];
  for (const [folder, edition] of [['lists', '10th'], ['lists-11e', '11th']]) {
    if (!hasShared(folder)) continue;
    for (const f of fs.readdirSync(sharedPath(folder)).filter((n) => n.endsWith('.txt')).sort()) {
      const file = sharedPath(folder, f);
      const text = fs.readFileSync(file, 'utf8');
      lists.push({ label: `${edition}/${f}`, file, text, units: parseArmyList(text).units.length });
    }
  }
  return lists;
}

/** One run of the timing script over `files`; throws with its stderr when it fails. */
function timePeer(checkout: string, files: string[], warmup: number, runs: number): PeerAnswer {
  const python = process.env.AUSPEX_PEER_PYTHON || 'python3';
  const script = path.join(repoRoot, 'bench', 'peerListgrok.py');
  const r = spawnSync(python, [script, checkout, String(warmup), String(runs), ...files], { encoding: 'utf8', maxBuffer: 16 << 20 });
  if (r.error) throw new Error(`${python} could not be started: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${python} ${path.relative(repoRoot, script)} failed: ${r.stderr.trim().split('\n').slice(-1)[0] ?? ''}`);
  return JSON.parse(r.stdout) as PeerAnswer;
}

const note = (name: string, text: string): BenchRow => ({ name, median: NaN, p99: NaN, runs: 0, note: text });

export function run(): BenchRow[] {
  const checkout = process.env.AUSPEX_PEER_LISTGROK;
  if (!checkout) {
    return [note(SECTION, 'no peer parser is installed: set AUSPEX_PEER_LISTGROK to a listgrok checkout (the folder holding src/listgrok), e.g. AUSPEX_PEER_LISTGROK=/tmp/peer/listgrok npm run bench -- peerParse')];
  }
  if (!hasShared('lists') && !hasShared('lists-11e')) return [note(SECTION, 'skipped: ../shared is absent')];
  const lists = realLists();
  let probe: PeerAnswer;
  try {
    // One parse of every list: which ones listgrok reads, and how many units it finds.
    probe = timePeer(path.resolve(checkout), lists.map((l) => l.file), 0, 0);
  } catch (e) {
    return [note(SECTION, `listgrok at ${checkout} could not be run: ${e instanceof Error ? e.message : String(e)}`)];
  }

  const rows: BenchRow[] = [];
  const compared: RealList[] = [];
  lists.forEach((l, i) => {
    const p = probe.lists[i];
    if (p.error !== undefined) rows.push(note(`${SECTION}: ${l.label}`, `excluded: listgrok raises ${p.error}`));
    else if (p.units !== l.units) rows.push(note(`${SECTION}: ${l.label}`, `excluded: listgrok finds ${p.units} units, Auspex ${l.units}`));
    else compared.push(l);
  });
  if (!compared.length) return [...rows, note(`${SECTION}: worst ratio`, 'no real list is parsed correctly by listgrok: nothing to compare')];

  // Per list, each round's median: Auspex's and listgrok's, in µs.
  const ours = compared.map(() => [] as number[]);
  const theirs = compared.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    compared.forEach((l, i) => ours[i].push(measure(l.label, () => parseArmyList(l.text), { warmup: WARMUP, runs: AUSPEX_RUNS }).median * 1000));
    timePeer(path.resolve(checkout), compared.map((l) => l.file), WARMUP, PEER_RUNS).lists.forEach((p, i) => theirs[i].push(p.median_us ?? NaN));
  }

  let worst = { ratio: Infinity, label: '', ours: NaN, theirs: NaN };
  compared.forEach((l, i) => {
    const a = median(ours[i]);
    const b = median(theirs[i]);
    const ratio = b / a;
    const perRound = sorted(ours[i].map((x, k) => theirs[i][k] / x));
    if (ratio < worst.ratio) worst = { ratio, label: l.label, ours: a, theirs: b };
    rows.push({
      name: `${SECTION}: ${l.label}`,
      median: a / 1000,
      p99: b / 1000,
      runs: ROUNDS,
      note: `Auspex ${micro(a)} µs, listgrok ${micro(b)} µs: ${ratio.toFixed(2)}× listgrok's speed (rounds ${perRound[0].toFixed(2)}–${perRound[perRound.length - 1].toFixed(2)}×); ${l.units} units`,
    });
  });
  const excluded = lists.length - compared.length;
  rows.push({
    name: `${SECTION}: worst ratio over ${compared.length} lists`,
    median: worst.ours / 1000,
    p99: worst.theirs / 1000,
    runs: compared.length,
    note: `target ≥ 1× (no real list slower than listgrok): ${worst.ratio >= 1 ? 'met' : 'NOT met'}; worst ${worst.ratio.toFixed(2)}× on ${worst.label} (median: Auspex, p99 column: listgrok); ${excluded} lists excluded; Python ${probe.python}, ${ROUNDS} rounds of ${AUSPEX_RUNS} / ${PEER_RUNS} timed parses`,
  });
  return rows;
}
