// Shared by every benchmark module: time a function, report median and p99.
export interface BenchRow {
  name: string;
  /** Median in milliseconds. */
  median: number;
  p99: number;
  runs: number;
  /** Extra figure such as memory or a size, already formatted. */
  note?: string;
}

export function measure(name: string, fn: () => unknown, opts: { runs?: number; warmup?: number; note?: string } = {}): BenchRow {
  const runs = opts.runs ?? 200;
  for (let i = 0; i < (opts.warmup ?? 20); i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return summarize(name, times, opts.note);
}

export function summarize(name: string, times: number[], note?: string): BenchRow {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { name, median: at(0.5), p99: at(0.99), runs: times.length, note };
}
