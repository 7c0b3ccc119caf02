import { parseXml, serializeXml, type XmlElement, type XmlNode } from './svg-xml.js';

/**
 * Sanitises an uploaded SVG so that showing it can run nothing and load nothing from elsewhere:
 * - elements removed with their content: script, foreignObject, iframe, embed, object, handler,
 *   listener, animations (animate, set, ...) that target an event or a link attribute, and style
 *   elements that import or reference anything outside the document;
 * - attributes removed: event handlers (on*), links (href, xlink:href, src, xml:base) other than
 *   a fragment (#id) or an embedded png/jpeg/gif data URL, and any value holding `javascript:`,
 *   a CSS escape, `expression(` or a url() outside the document;
 * - comments and processing instructions are dropped; the document is written anew.
 * Answers null when the text is not XML with an `svg` root element.
 */
const removedElements = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
const animationElements = new Set(['animate', 'set', 'animatetransform', 'animatemotion', 'animatecolor']);
const linkAttributes = new Set(['href', 'src', 'base']);
const embeddedImage = /^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/=\s]*$/i;

const localName = (name: string) => (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name).toLowerCase();
/** The value as a browser would read a URL: without whitespace and control characters. */
// eslint-disable-next-line no-control-regex -- a browser ignores control characters in a URL
const compact = (value: string) => value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();

function referencesOutside(value: string): boolean {
  const flat = compact(value);
  if (flat.includes('javascript:') || flat.includes('vbscript:') || flat.includes('expression(')) return true;
  if (value.includes('\\')) return true;
  for (const match of flat.matchAll(/url\((['"]?)(.*?)\1\)/g)) {
    if (!match[2]!.startsWith('#')) return true;
  }
  return flat.includes('@import');
}

function isAllowedLink(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.startsWith('#') ? !referencesOutside(trimmed) : embeddedImage.test(trimmed);
}

function keepAttribute([name, value]: [string, string]): boolean {
  const local = localName(name);
  if (local.startsWith('on')) return false;
  if (linkAttributes.has(local)) return isAllowedLink(value);
  return !referencesOutside(value);
}

function textOf(element: XmlElement): string {
  return element.children.map((child) => (child.type === 'text' ? child.value : textOf(child))).join('');
}

function keepElement(element: XmlElement): boolean {
  const local = localName(element.name);
  if (removedElements.has(local)) return false;
  if (animationElements.has(local)) {
    const target = element.attributes.find(([name]) => localName(name) === 'attributename')?.[1] ?? '';
    const targetLocal = localName(target.trim());
    if (targetLocal.startsWith('on') || linkAttributes.has(targetLocal)) return false;
  }
  if (local === 'style' && referencesOutside(textOf(element))) return false;
  return true;
}

function clean(element: XmlElement): XmlElement {
  const children: XmlNode[] = element.children
    .filter((child) => child.type === 'text' || keepElement(child))
    .map((child) => (child.type === 'text' ? child : clean(child)));
  return { ...element, attributes: element.attributes.filter(keepAttribute), children };
}

export function sanitizeSvg(text: string): string | null {
  const root = parseXml(text);
  if (root === null || localName(root.name) !== 'svg') return null;
  return serializeXml(clean(root));
}
