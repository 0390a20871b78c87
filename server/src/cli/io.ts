// What a CLI command may touch: its output streams and files. Passing them in
// keeps every command testable in-process as well as through the real binary.
import * as fs from 'fs';

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  readFile(file: string): string;
  readStdin(): string;
}

export const processIO: CliIO = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  readFile: (f) => fs.readFileSync(f, 'utf8'),
  readStdin: () => fs.readFileSync(0, 'utf8'),
};

/** A usage or I/O failure: printed as one line, exit code 2. */
export class CliError extends Error {}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
