// The server's reader of a byte stream (stdio): base-protocol frames (`Content-Length: N\r\n\r\n` + N bytes of
// JSON) read in linear time and bounded memory, whatever the client sends. Headers are looked for once per byte
// (the protocol library's reader scanned every buffered chunk again on each new one: junk without a header end made
// it quadratic, and buffered without end); a header section longer than BOUNDS.messageHeaderBytes is dropped up to
// the next frame. A body is copied once into a buffer of its announced length (not kept as chunks, then joined:
// 50 MB of newlines peaked at three copies of the text before it was parsed); one beyond BOUNDS.messageBytes is
// skipped without being kept, and one nested deeper than BOUNDS.messageDepth is never parsed (messageGuard.ts).
import * as fs from 'fs';
import { AbstractMessageReader, DataCallback, Disposable, Message } from 'vscode-languageserver/node';
import { BOUNDS } from '../service/domain/bounds';
import { decodeGuarded, scanDepth, standIn } from './messageGuard';

/** Bytes of a refused body's start kept to read its `id` and `method` (JSON-RPC writers put them first). */
const PEEK_BYTES = 64 * 1024;
/** Bytes one `pump` reads at most. */
const PUMP_BYTES = 1024 * 1024;

export interface ReaderBounds {
  headerBytes: number;
  messageBytes: number;
  depth: number;
}

export class BoundedStreamReader extends AbstractMessageReader {
  private callback?: DataCallback;
  /** Header bytes so far (of the current frame), and the last four bytes seen, to find the blank line. */
  private header: number[] = [];
  private tail = 0;
  /** While reading a body: its buffer (or null while skipping one too large), bytes still to come. */
  private body: Buffer | null | undefined;
  private bodyLength = 0;
  private filled = 0;
  /** The start of a body too large to keep, read for its id and method. */
  private peek: Buffer | undefined;
  private skippingHeader = false;

  constructor(
    private readonly readable: NodeJS.ReadableStream,
    private readonly bounds: ReaderBounds = { headerBytes: BOUNDS.messageHeaderBytes, messageBytes: BOUNDS.messageBytes, depth: BOUNDS.messageDepth },
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer | string) => this.onData(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    const onError = (e: Error) => this.fireError(e);
    const onClose = () => this.fireClose();
    this.readable.on('data', onData);
    this.readable.on('error', onError);
    this.readable.on('close', onClose);
    this.readable.on('end', onClose);
    return Disposable.create(() => {
      this.readable.removeListener('data', onData);
      this.readable.removeListener('error', onError);
      this.readable.removeListener('close', onClose);
      this.readable.removeListener('end', onClose);
    });
  }

  private pumpBuffer?: Buffer;
  private pumpBroken = false;

  /**
   * Reads what the client has already sent, now, while the thread is busy with a request (a checkpoint calls it,
   * `service/domain/checkpoint.ts`): a `$/cancelRequest` behind the running request reaches the connection at once
   * and cancels its token, which the request's next checkpoint reads. For a pipe only (`fd`: its descriptor, which
   * Node reads without blocking: no data is an EAGAIN, never a wait); what is read goes through the same frames, in
   * order, and the connection queues every other message for after the request.
   */
  pump(fd: number): void {
    if (this.pumpBroken || !this.callback) return;
    this.pumpBuffer ??= Buffer.allocUnsafe(64 * 1024);
    for (let total = 0; total < PUMP_BYTES; ) {
      let n: number;
      try {
        n = fs.readSync(fd, this.pumpBuffer, 0, this.pumpBuffer.length, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code !== 'EAGAIN' && code !== 'EWOULDBLOCK') this.pumpBroken = true;
        return;
      }
      // The end of the input: the stream itself will say so.
      if (n === 0) return;
      this.onData(this.pumpBuffer.subarray(0, n));
      total += n;
    }
  }

  private onData(chunk: Buffer): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.body !== undefined) i = this.readBody(chunk, i);
      else i = this.readHeader(chunk, i);
    }
  }

  /** Header bytes up to the blank line that ends them; then the body begins. */
  private readHeader(chunk: Buffer, from: number): number {
    for (let i = from; i < chunk.length; i++) {
      const b = chunk[i];
      this.tail = ((this.tail << 8) | b) >>> 0;
      if (!this.skippingHeader) this.header.push(b);
      if (this.tail === 0x0d0a0d0a) {
        const skipped = this.skippingHeader;
        this.skippingHeader = false;
        const text = Buffer.from(this.header).toString('ascii');
        this.header = [];
        this.tail = 0;
        if (!skipped) this.startBody(text);
        return i + 1;
      }
      if (!this.skippingHeader && this.header.length > this.bounds.headerBytes) {
        // Not a header: dropped, and so is what follows up to the next blank line.
        this.fireError(new Error(`a message header longer than ${this.bounds.headerBytes} bytes: dropped up to the next blank line`));
        this.header = [];
        this.skippingHeader = true;
      }
    }
    return chunk.length;
  }

  private startBody(header: string): void {
    const m = /(?:^|\r\n)content-length\s*:\s*(\d+)\s*(?:\r\n|$)/i.exec(header);
    if (!m) {
      this.fireError(new Error(`a message header without a Content-Length: ${JSON.stringify(header.slice(0, 200))}`));
      return;
    }
    const length = Number(m[1]);
    const charset = /content-type\s*:[^\r\n]*charset\s*=\s*([^\s;]+)/i.exec(header)?.[1]?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') this.fireError(new Error(`charset ${charset} is not supported: read as utf-8`));
    this.bodyLength = length;
    this.filled = 0;
    this.body = length > this.bounds.messageBytes ? null : Buffer.allocUnsafe(length);
    this.peek = this.body === null ? Buffer.allocUnsafe(Math.min(PEEK_BYTES, length)) : undefined;
    if (length === 0) this.endBody();
  }

  private readBody(chunk: Buffer, from: number): number {
    const take = Math.min(chunk.length - from, this.bodyLength - this.filled);
    if (this.body) chunk.copy(this.body, this.filled, from, from + take);
    else if (this.peek && this.filled < this.peek.length) chunk.copy(this.peek, this.filled, from, from + Math.min(take, this.peek.length - this.filled));
    this.filled += take;
    if (this.filled === this.bodyLength) this.endBody();
    return from + take;
  }

  private endBody(): void {
    const body = this.body;
    const peek = this.peek;
    this.body = undefined;
    this.peek = undefined;
    let message: Message;
    try {
      if (body) message = decodeGuarded(body, this.bounds.depth);
      else {
        const seen = scanDepth(peek ?? Buffer.alloc(0), this.bounds.depth, true);
        message = standIn(seen.id, seen.method, `the message is ${this.bodyLength} bytes, beyond the bound of ${this.bounds.messageBytes}: refused without being read`);
      }
    } catch (e) {
      this.fireError(new Error(`a message that is not JSON: ${(e as Error).message}`));
      return;
    }
    this.callback?.(message);
  }
}
