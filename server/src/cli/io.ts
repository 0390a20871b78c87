// What a CLI command may touch: its output streams and files. Passing them in
// keeps every command testable in-process as well as through the real binary.
import { readStdinCapped, readTextCapped } from '../node/files';

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  readFile(file: string): string;
  readStdin(): string;
}

/**
 * Text for a terminal: control characters (C0 but tab and line feed, a CR not before a line feed, DEL, C1) and
 * the bidirectional controls (U+202A–U+202E overrides and embeddings, U+2066–U+2069 isolates, U+200E/U+200F and
 * U+061C marks) and line/paragraph separators become U+FFFD, so a list or roster cannot send escape sequences
 * (colours, cursor moves, title or clipboard writes) to the terminal through what the CLI echoes, nor reorder
 * what it shows (a right-to-left override makes "exe.txt" read "txt.exe").
 */
export function forTerminal(t: string): string {
  return t.replace(/\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '\ufffd');
}

export const processIO: CliIO = {
  out: (t) => process.stdout.write(forTerminal(t)),
  err: (t) => process.stderr.write(forTerminal(t)),
  // Byte-capped, regular files only: /dev/zero or a FIFO is refused at once, never read without end.
  readFile: (f) => readTextCapped(f),
  readStdin: () => readStdinCapped(),
};

/** A usage or I/O failure: printed as one line, exit code 2. */
export class CliError extends Error {}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
