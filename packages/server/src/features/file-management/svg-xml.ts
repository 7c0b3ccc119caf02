/**
 * A small, strict XML parser for uploaded SVG documents: elements, attributes, text, CDATA,
 * comments and processing instructions. A document type declaration is refused (no entity can
 * be declared, so nothing expands or reaches outside), as is any undeclared entity, unbalanced
 * tag, duplicate attribute or content after the root element. The result is a tree of elements
 * and texts (comments and processing instructions are dropped).
 */
export interface XmlElement {
  type: 'element';
  name: string;
  attributes: [string, string][];
  children: XmlNode[];
}
export interface XmlText {
  type: 'text';
  value: string;
}
export type XmlNode = XmlElement | XmlText;

class XmlSyntaxError extends Error {}

const maxDepth = 256;
const namePattern = /[A-Za-z_:\u00c0-\uffff][A-Za-z0-9_:.\-\u00b7\u00c0-\uffff]*/y;
const predefinedEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&([^;&]*);?/g, (match, body: string) => {
    if (!match.endsWith(';')) throw new XmlSyntaxError('bare &');
    if (body in predefinedEntities) return predefinedEntities[body]!;
    const numeric = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}))$/.exec(body);
    if (!numeric) throw new XmlSyntaxError(`undeclared entity ${body}`);
    const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : parseInt(numeric[2]!, 10);
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new XmlSyntaxError('bad char');
    return String.fromCodePoint(code);
  });
}

class Reader {
  index = 0;
  constructor(readonly text: string) {}

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.index);
  }
  skipSpace(): void {
    while (this.index < this.text.length && /\s/.test(this.text[this.index]!)) this.index += 1;
  }
  until(token: string): string {
    const end = this.text.indexOf(token, this.index);
    if (end < 0) throw new XmlSyntaxError(`missing ${token}`);
    const value = this.text.slice(this.index, end);
    this.index = end + token.length;
    return value;
  }
  name(): string {
    namePattern.lastIndex = this.index;
    const match = namePattern.exec(this.text);
    if (!match) throw new XmlSyntaxError('name expected');
    this.index += match[0].length;
    return match[0];
  }
  expect(token: string): void {
    if (!this.startsWith(token)) throw new XmlSyntaxError(`${token} expected`);
    this.index += token.length;
  }
  /** Skips a comment or a processing instruction at the cursor; false when neither is there. */
  skipMisc(): boolean {
    if (this.startsWith('<!--')) {
      this.index += 4;
      if (this.until('-->').includes('--')) throw new XmlSyntaxError('-- in comment');
      return true;
    }
    if (this.startsWith('<?')) {
      this.until('?>');
      return true;
    }
    return false;
  }
}

function readStartTag(reader: Reader): { element: XmlElement; selfClosing: boolean } {
  reader.expect('<');
  const element: XmlElement = { type: 'element', name: reader.name(), attributes: [], children: [] };
  const seen = new Set<string>();
  for (;;) {
    const before = reader.index;
    reader.skipSpace();
    if (reader.startsWith('/>')) {
      reader.index += 2;
      return { element, selfClosing: true };
    }
    if (reader.startsWith('>')) {
      reader.index += 1;
      return { element, selfClosing: false };
    }
    if (reader.index === before) throw new XmlSyntaxError('space expected between attributes');
    const name = reader.name();
    if (seen.has(name)) throw new XmlSyntaxError(`duplicate attribute ${name}`);
    seen.add(name);
    reader.skipSpace();
    reader.expect('=');
    reader.skipSpace();
    const quote = reader.text[reader.index];
    if (quote !== '"' && quote !== "'") throw new XmlSyntaxError('quoted value expected');
    reader.index += 1;
    const raw = reader.until(quote);
    if (raw.includes('<')) throw new XmlSyntaxError('< in attribute value');
    element.attributes.push([name, decodeEntities(raw).replace(/[\t\n\r]/g, ' ')]);
  }
}

/** Parses the document; null when it is not well-formed XML (or declares a document type). */
export function parseXml(text: string): XmlElement | null {
  try {
    return parseDocument(new Reader(text.replace(/\r\n?/g, '\n')));
  } catch (error) {
    if (error instanceof XmlSyntaxError) return null;
    throw error;
  }
}

function parseDocument(reader: Reader): XmlElement {
  for (;;) {
    reader.skipSpace();
    if (reader.startsWith('<!DOCTYPE') || reader.startsWith('<!doctype')) throw new XmlSyntaxError('DOCTYPE');
    if (!reader.skipMisc()) break;
  }
  const { element: root, selfClosing } = readStartTag(reader);
  const open: XmlElement[] = selfClosing ? [] : [root];
  while (open.length > 0) {
    const current = open.at(-1)!;
    if (reader.index >= reader.text.length) throw new XmlSyntaxError('unclosed element');
    if (reader.startsWith('</')) {
      reader.index += 2;
      if (reader.name() !== current.name) throw new XmlSyntaxError('mismatched end tag');
      reader.skipSpace();
      reader.expect('>');
      open.pop();
    } else if (reader.startsWith('<![CDATA[')) {
      reader.index += 9;
      current.children.push({ type: 'text', value: reader.until(']]>') });
    } else if (reader.startsWith('<!--') || reader.startsWith('<?')) {
      reader.skipMisc();
    } else if (reader.startsWith('<!')) {
      throw new XmlSyntaxError('declaration inside the document');
    } else if (reader.startsWith('<')) {
      const { element, selfClosing: empty } = readStartTag(reader);
      current.children.push(element);
      if (!empty) {
        if (open.length >= maxDepth) throw new XmlSyntaxError('too deep');
        open.push(element);
      }
    } else {
      const end = reader.text.indexOf('<', reader.index);
      const raw = reader.text.slice(reader.index, end < 0 ? undefined : end);
      reader.index += raw.length;
      if (raw.includes(']]>')) throw new XmlSyntaxError(']]> in text');
      current.children.push({ type: 'text', value: decodeEntities(raw) });
    }
  }
  for (;;) {
    reader.skipSpace();
    if (reader.index >= reader.text.length) return root;
    if (!reader.skipMisc()) throw new XmlSyntaxError('content after the root element');
  }
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

/** Writes the tree as an XML document (UTF-8 declaration, no comments). */
export function serializeXml(root: XmlElement): string {
  const write = (node: XmlNode): string => {
    if (node.type === 'text') return escapeText(node.value);
    const attributes = node.attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
    if (node.children.length === 0) return `<${node.name}${attributes}/>`;
    return `<${node.name}${attributes}>${node.children.map(write).join('')}</${node.name}>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write(root)}\n`;
}
