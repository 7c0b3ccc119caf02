import {
  clientCommands,
  commandsWithBody,
  serverCommands,
  StompParseError,
  unescapeHeader,
  usesHeaderEscaping,
  type StompFrame,
} from './stomp-frame.js';

export type StompItem = { kind: 'frame'; frame: StompFrame<string> } | { kind: 'heartbeat' };

export interface StompParserOptions {
  /** Commands accepted (a client's commands on the server). */
  commands?: readonly string[];
  /** Largest frame (command, headers and body) in octets. */
  maxFrameBytes?: number;
  /** Most headers in one frame. */
  maxHeaders?: number;
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new StompParseError(`${what} is not valid UTF-8`);
  }
}

/**
 * An incremental STOMP 1.2 parser: push the octets as they arrive (a WebSocket message may hold
 * several frames, or a frame may span messages) and get the complete frames and heart-beats.
 * Throws StompParseError on anything malformed; the caller answers ERROR and closes.
 */
export class StompParser {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly commands: ReadonlySet<string>;
  private readonly maxFrameBytes: number;
  private readonly maxHeaders: number;

  constructor(options: StompParserOptions = {}) {
    this.commands = new Set(options.commands ?? [...clientCommands, ...serverCommands]);
    this.maxFrameBytes = options.maxFrameBytes ?? 64 * 1024;
    this.maxHeaders = options.maxHeaders ?? 64;
  }

  /** Octets of an incomplete frame waiting for more input. */
  get pendingBytes(): number {
    return this.buffer.length;
  }

  push(chunk: Buffer | string): StompItem[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    const items: StompItem[] = [];
    let position = 0;
    for (;;) {
      const result = this.next(position);
      if (result === null) break;
      items.push(result.item);
      position = result.end;
    }
    this.buffer = this.buffer.subarray(position);
    if (this.buffer.length > this.maxFrameBytes) {
      throw new StompParseError(`frame larger than ${this.maxFrameBytes} octets`);
    }
    return items;
  }

  /** The item starting at `start`, or null when it is not complete yet. */
  private next(start: number): { item: StompItem; end: number } | null {
    const buffer = this.buffer;
    if (start >= buffer.length) return null;
    if (buffer[start] === LF) return { item: { kind: 'heartbeat' }, end: start + 1 };
    if (buffer[start] === CR) {
      if (start + 1 >= buffer.length) return null;
      if (buffer[start + 1] === LF) return { item: { kind: 'heartbeat' }, end: start + 2 };
      throw new StompParseError('carriage return not followed by line feed');
    }
    return this.frameAt(start);
  }

  private frameAt(start: number): { item: StompItem; end: number } | null {
    const buffer = this.buffer;
    // Command line.
    const commandLine = this.lineAt(start);
    if (commandLine === null) return null;
    const command = decode(commandLine.bytes, 'the command');
    if (!/^[A-Z]+$/.test(command)) throw new StompParseError('malformed command line');
    if (!this.commands.has(command)) throw new StompParseError(`unknown command ${command.slice(0, 20)}`);
    const escaped = usesHeaderEscaping(command);

    // Header lines, up to an empty line.
    // A Map, so names such as __proto__ or valueOf are ordinary headers.
    const headerMap = new Map<string, string>();
    let count = 0;
    let position = commandLine.next;
    for (;;) {
      const line = this.lineAt(position);
      if (line === null) return null;
      position = line.next;
      if (line.bytes.length === 0) break;
      if (++count > this.maxHeaders) throw new StompParseError(`more than ${this.maxHeaders} headers`);
      const text = decode(line.bytes, 'a header');
      const colon = text.indexOf(':');
      if (colon <= 0) throw new StompParseError('malformed header line');
      const name = escaped ? unescapeHeader(text.slice(0, colon)) : text.slice(0, colon);
      const value = escaped ? unescapeHeader(text.slice(colon + 1)) : text.slice(colon + 1);
      if (!headerMap.has(name)) headerMap.set(name, value);
    }

    const headers: Record<string, string> = Object.fromEntries(headerMap);

    // Body: content-length octets then NUL, or up to the first NUL.
    let bodyEnd: number;
    const contentLength = headers['content-length'];
    if (contentLength !== undefined) {
      if (!/^\d{1,10}$/.test(contentLength)) throw new StompParseError('malformed content-length');
      const length = Number(contentLength);
      if (length > this.maxFrameBytes) throw new StompParseError(`frame larger than ${this.maxFrameBytes} octets`);
      bodyEnd = position + length;
      if (bodyEnd >= buffer.length) return null;
      if (buffer[bodyEnd] !== NUL) throw new StompParseError('body does not end with NUL after content-length octets');
    } else {
      bodyEnd = buffer.indexOf(NUL, position);
      if (bodyEnd < 0) return null;
    }
    const body = decode(buffer.subarray(position, bodyEnd), 'the body');
    if (body.length > 0 && !commandsWithBody.has(command)) {
      throw new StompParseError(`a ${command} frame must not have a body`);
    }
    return { item: { kind: 'frame', frame: { command, headers, body } }, end: bodyEnd + 1 };
  }

  /** The line starting at `start` without its EOL, or null when no LF has arrived yet. */
  private lineAt(start: number): { bytes: Buffer; next: number } | null {
    const lf = this.buffer.indexOf(LF, start);
    if (lf < 0) {
      if (this.buffer.indexOf(NUL, start) >= 0) throw new StompParseError('frame ends before its headers do');
      return null;
    }
    const end = lf > start && this.buffer[lf - 1] === CR ? lf - 1 : lf;
    const bytes = this.buffer.subarray(start, end);
    if (bytes.includes(NUL)) throw new StompParseError('frame ends before its headers do');
    if (bytes.includes(CR)) throw new StompParseError('carriage return inside a line');
    return { bytes, next: lf + 1 };
  }
}
