import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientCommands, escapeHeader, serializeFrame, StompParseError, unescapeHeader } from './stomp-frame.js';
import { StompParser } from './stomp-parser.js';

const frames = (text: string | Buffer, parser = new StompParser()) =>
  parser.push(text).flatMap((item) => (item.kind === 'frame' ? [item.frame] : []));

describe('STOMP 1.2 frame parser', () => {
  it('reads a frame with headers and a body up to NUL', () => {
    expect(frames('SEND\ndestination:/topic/a\nreceipt:7\n\nhello\0')).toEqual([
      { command: 'SEND', headers: { destination: '/topic/a', receipt: '7' }, body: 'hello' },
    ]);
  });

  it('accepts CR LF line ends and trailing EOLs, and reports EOLs between frames as heart-beats', () => {
    const items = new StompParser().push('\n\r\nSUBSCRIBE\r\nid:1\r\ndestination:/topic/x\r\n\r\n\0\n\n');
    expect(items.map((i) => i.kind)).toEqual(['heartbeat', 'heartbeat', 'frame', 'heartbeat', 'heartbeat']);
    expect(items[2]).toEqual({
      kind: 'frame',
      frame: { command: 'SUBSCRIBE', headers: { id: '1', destination: '/topic/x' }, body: '' },
    });
  });

  it('reads several frames from one chunk and a frame split over chunks', () => {
    const parser = new StompParser();
    expect(frames('ACK\nid:1\n\n\0NACK\nid:2\n\n\0DISC', parser).map((f) => f.command)).toEqual(['ACK', 'NACK']);
    expect(parser.pendingBytes).toBe(4);
    expect(frames('ONNECT\nreceipt:', parser)).toEqual([]);
    expect(frames('9\n\n\0', parser)).toEqual([{ command: 'DISCONNECT', headers: { receipt: '9' }, body: '' }]);
    expect(parser.pendingBytes).toBe(0);
  });

  it('unescapes \\r \\n \\c \\\\ in headers, keeps the first of a repeated header', () => {
    const [frame] = frames('SEND\ndestination:/a\\cb\\\\c\\nd\\re\nx:1\nx:2\n\n\0');
    expect(frame?.headers).toEqual({ destination: '/a:b\\c\nd\re', x: '1' });
  });

  it('reads headers named like object properties as ordinary headers', () => {
    const [frame] = frames('SEND\n__proto__:a\nvalueOf:b\nconstructor:c\n\n\0');
    expect(Object.entries(frame?.headers ?? {})).toEqual([
      ['__proto__', 'a'],
      ['valueOf', 'b'],
      ['constructor', 'c'],
    ]);
  });

  it('does not unescape CONNECT headers', () => {
    const [frame] = frames('CONNECT\naccept-version:1.2\npasscode:a\\cb:c\n\n\0');
    expect(frame?.headers).toEqual({ 'accept-version': '1.2', passcode: 'a\\cb:c' });
  });

  it('reads a body of content-length octets, NUL and multi-byte characters included', () => {
    const body = 'a\0b €';
    const text = `SEND\ndestination:/q\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`;
    expect(frames(text)[0]?.body).toBe(body);
    // Split inside the multi-byte character.
    const bytes = Buffer.from(text);
    const parser = new StompParser();
    expect(frames(bytes.subarray(0, bytes.length - 3), parser)).toEqual([]);
    expect(frames(bytes.subarray(bytes.length - 3), parser)[0]?.body).toBe(body);
  });

  it('round-trips any frame the serializer writes', () => {
    const headerText = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(
        fc.constantFrom('SEND', 'MESSAGE', 'ERROR'),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), headerText, { maxKeys: 5 }),
        fc.string({ maxLength: 200 }),
        (command, headers, body) => {
          delete headers['content-length'];
          const parsed = frames(serializeFrame({ command, headers, body }));
          expect(parsed).toHaveLength(1);
          expect(parsed[0]?.body).toBe(body);
          for (const [name, value] of Object.entries(headers))
            expect(Object.hasOwn(parsed[0]?.headers ?? {}, name) && parsed[0]?.headers[name]).toBe(value);
        },
      ),
    );
  });

  it('escapes and unescapes headers symmetrically', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(unescapeHeader(escapeHeader(text))).toBe(text);
      }),
    );
  });

  const malformed: [string, string | Buffer, RegExp][] = [
    ['an unknown command', 'HELLO\n\n\0', /unknown command/],
    ['a lower-case command', 'send\n\n\0', /malformed command/],
    ['a header without a colon', 'SEND\ndestination\n\n\0', /malformed header/],
    ['a header with an empty name', 'SEND\n:x\n\n\0', /malformed header/],
    ['an undefined escape sequence', 'SEND\ndestination:/a\\tb\n\n\0', /escape sequence/],
    ['a dangling backslash', 'SEND\ndestination:/a\\\n\n\0', /escape sequence/],
    ['a non-numeric content-length', 'SEND\ncontent-length:abc\n\nx\0', /content-length/],
    ['a content-length that does not reach the NUL', 'SEND\ncontent-length:1\n\nabc\0', /NUL/],
    ['a NUL before the headers end', 'SEND\ndestination:/a\0', /ends before its headers/],
    ['a CR inside a line', 'SEND\ndesti\rnation:/a\n\n\0', /carriage return/],
    ['a CR not followed by LF between frames', '\rX', /carriage return/],
    ['a body on a SUBSCRIBE', 'SUBSCRIBE\nid:1\ndestination:/topic/a\n\nbody\0', /must not have a body/],
    ['invalid UTF-8', Buffer.from([0x53, 0x45, 0x4e, 0x44, 0x0a, 0x61, 0x3a, 0xff, 0x0a, 0x0a, 0x00]), /UTF-8/],
  ];
  it.each(malformed)('refuses %s', (_name, input, message) => {
    expect(() => new StompParser({ commands: clientCommands }).push(input)).toThrow(message);
  });

  it('refuses a server command from a client when limited to client commands', () => {
    expect(() => new StompParser({ commands: clientCommands }).push('MESSAGE\n\n\0')).toThrow(StompParseError);
  });

  it('refuses frames larger than the limit, even before they are complete', () => {
    const parser = new StompParser({ maxFrameBytes: 100 });
    expect(() => parser.push(`SEND\ndestination:/a\n\n${'x'.repeat(200)}`)).toThrow(/larger than 100/);
    expect(() => new StompParser({ maxFrameBytes: 100 }).push('SEND\ncontent-length:500\n\n')).toThrow(/larger/);
  });

  it('refuses too many headers', () => {
    const headers = Array.from({ length: 10 }, (_, i) => `h${i}:v`).join('\n');
    expect(() => new StompParser({ maxHeaders: 5 }).push(`SEND\n${headers}\n\n\0`)).toThrow(/more than 5 headers/);
  });
});

describe('STOMP frame serializer', () => {
  it('writes command, escaped headers, content-length, body and NUL', () => {
    expect(serializeFrame({ command: 'MESSAGE', headers: { destination: '/a:b\n' }, body: 'é' })).toBe(
      'MESSAGE\ndestination:/a\\cb\\n\ncontent-length:2\n\né\0',
    );
  });

  it('does not escape CONNECTED headers and refuses what it cannot write there', () => {
    expect(serializeFrame({ command: 'CONNECTED', headers: { version: '1.2', server: 'a:b' }, body: '' })).toBe(
      'CONNECTED\nversion:1.2\nserver:a:b\n\n\0',
    );
    expect(() => serializeFrame({ command: 'CONNECTED', headers: { x: 'a\nb' }, body: '' })).toThrow();
  });
});
