/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html):
 *
 *   COMMAND EOL (name:value EOL)* EOL body NUL EOL*
 *
 * EOL is LF or CR LF. Header names and values are escaped (\r \n \c \\), except in CONNECT and
 * CONNECTED frames. A repeated header keeps its first value. A content-length header gives the
 * body's length in octets; without it the body runs to the first NUL.
 */
export const clientCommands = [
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
] as const;
export const serverCommands = ['CONNECTED', 'MESSAGE', 'RECEIPT', 'ERROR'] as const;
export type ClientCommand = (typeof clientCommands)[number];
export type ServerCommand = (typeof serverCommands)[number];
export type StompCommand = ClientCommand | ServerCommand;

export interface StompFrame<C extends string = StompCommand> {
  command: C;
  headers: Record<string, string>;
  body: string;
}

/** Only these frames may carry a body. */
export const commandsWithBody: ReadonlySet<string> = new Set(['SEND', 'MESSAGE', 'ERROR']);

/** CONNECT and CONNECTED headers are not escaped (for compatibility with STOMP 1.0). */
export function usesHeaderEscaping(command: string): boolean {
  return command !== 'CONNECT' && command !== 'CONNECTED';
}

export function escapeHeader(text: string): string {
  return text.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

export class StompParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StompParseError';
  }
}

/** Undoes escapeHeader; an undefined escape sequence is a protocol error. */
export function unescapeHeader(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.?)/gs, (_, c: string) => {
    switch (c) {
      case '\\':
        return '\\';
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      default:
        throw new StompParseError(`undefined escape sequence \\${c} in a header`);
    }
  });
}

/**
 * Writes a frame. A body gets a content-length header. A CONNECTED frame's headers are not
 * escaped, so a line break there (or a colon in a name) is refused.
 */
export function serializeFrame(frame: StompFrame): string {
  const escape = usesHeaderEscaping(frame.command);
  const lines: string[] = [frame.command];
  const headers = { ...frame.headers };
  if (frame.body.length > 0) headers['content-length'] = String(Buffer.byteLength(frame.body, 'utf8'));
  for (const [name, value] of Object.entries(headers)) {
    if (!escape && (/[\r\n:]/.test(name) || /[\r\n]/.test(value))) {
      throw new Error(`header ${name} of a ${frame.command} frame cannot be written unescaped`);
    }
    lines.push(escape ? `${escapeHeader(name)}:${escapeHeader(value)}` : `${name}:${value}`);
  }
  return `${lines.join('\n')}\n\n${frame.body}\0`;
}

/** A heart-beat: one EOL. */
export const heartbeatText = '\n';
