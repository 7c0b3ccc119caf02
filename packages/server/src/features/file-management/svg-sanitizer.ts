import { parseXml, serializeXml, type XmlElement, type XmlNode } from './svg-xml.js';

/**
 * Sanitises an uploaded SVG so that showing it can run nothing and load nothing from elsewhere:
 * - elements removed with their content: script, foreignObject, iframe, embed, object, handler,
 *   listener, animations (animate, set, ...) that target an event or a link attribute, and style
 *   elements that import or reference anything outside the document;
 * - attributes removed: event handlers (on*), links (href, xlink:href, src, xml:base) other than
 *   a fragment (#id) or an embedded png/jpeg/gif data URL, and any value holding `javascript:`,
 *   a CSS escape, `@import`, `expression(`, a url() outside the document or another url-like
 *   CSS function (image-set(), image(), cross-fade(), element(), src(), ...; referencesOutside);
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

/**
 * CSS functions that load or show something from elsewhere (after a vendor prefix is removed):
 * image-set("http://..."), image(), cross-fade(), element(), src(), paint(), attr() and the rest;
 * url() is allowed only for a fragment of the document (url(#id)).
 */
const urlLikeFunctions = new Set([
  'image',
  'image-set',
  'image-rect',
  'cross-fade',
  'element',
  'src',
  'paint',
  'attr',
  'expression',
]);
const cssComment = /\/\*[\s\S]*?(?:\*\/|$)/g;

/**
 * Whether a CSS text or attribute value may reference or run anything outside the document.
 * Any backslash (a CSS escape such as u\72l( or u\rl() counts as such; comments are removed
 * first and whitespace and case are ignored, so u/**\/rl( and URL ( read as url(.
 */
function referencesOutside(value: string): boolean {
  if (value.includes('\\')) return true;
  const flat = compact(value.replace(cssComment, ''));
  if (/javascript:|vbscript:|@import|expression\(|-moz-binding|behavior:/.test(flat)) return true;
  for (const match of flat.matchAll(/([a-z0-9_-]*)\(/g)) {
    const name = match[1]!.replace(/^-[a-z]+-/, '');
    if (name === 'url') {
      if (!/^(['"]?)#/.test(flat.slice(match.index + match[0].length))) return true;
    } else if (urlLikeFunctions.has(name) || name.includes('url') || name.includes('image')) return true;
  }
  return false;
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
