// What a CLI command may touch: its output streams and files. Passing them in
// keeps every command testable in-process as well as through the real binary.
import { readStdinCapped, readTextCapped } from '../node/files';

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  readFile(file: string): string;
  readStdin(): string;
}

export const processIO: CliIO = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  // Byte-capped, regular files only: /dev/zero or a FIFO is refused at once, never read without end.
  readFile: (f) => readTextCapped(f),
  readStdin: () => readStdinCapped(),
};

/** A usage or I/O failure: printed as one line, exit code 2. */
export class CliError extends Error {}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
