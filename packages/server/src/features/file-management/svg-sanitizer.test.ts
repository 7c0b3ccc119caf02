import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitizer.js';

const svg = (body: string, rootAttributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${rootAttributes}>${body}</svg>`;

const body = (document: string | null) =>
  document
    ?.replace(/^<\?xml[^>]*>\n/, '')
    .replace(/^<svg[^>]*>|<\/svg>\n$/g, '')
    .trim() ?? null;

describe('sanitizeSvg', () => {
  it('keeps a plain drawing, its gradients and internal references', () => {
    const drawing = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)" style="stroke: url(#g)"/><use href="#g"/><use xlink:href="#g"/>' +
        '<text x="1" y="2">A &amp; B &lt; C</text>',
    );
    expect(body(sanitizeSvg(drawing))).toBe(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)" style="stroke: url(#g)"/><use href="#g"/><use xlink:href="#g"/>' +
        '<text x="1" y="2">A &amp; B &lt; C</text>',
    );
  });

  it('removes script elements, event handlers and foreignObject', () => {
    const document = svg(
      '<script>alert(1)</script><svg:script xmlns:svg="http://www.w3.org/2000/svg">x</svg:script>' +
        '<rect onclick="alert(1)" ONLOAD="x" width="1"/><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
      ' onload="alert(1)"',
    );
    const clean = sanitizeSvg(document)!;
    expect(clean).not.toMatch(/script|onclick|onload|ONLOAD|foreignObject|alert/i);
    expect(body(clean)).toBe('<rect width="1"/>');
  });

  it('removes javascript: links, external links and external CSS references', () => {
    const document = svg(
      '<a href="javascript:alert(1)"><text>a</text></a><a xlink:href=" jav&#x09;ascript:alert(1)"><text>b</text></a>' +
        '<image href="https://evil.example/x.png"/><image href="data:image/png;base64,iVBORw0KGgo="/>' +
        '<use href="other.svg#x"/><rect fill="url(https://evil.example/x)" style="fill: url(http://x/y)"/>' +
        '<style>@import url(https://evil.example/x.css);</style><style>rect { fill: red }</style>' +
        '<rect style="background: u\\72l(http://x)"/><set attributeName="href" to="javascript:alert(1)"/>' +
        '<animate attributeName="onbegin" to="alert(1)"/><animate attributeName="x" to="5"/>',
      ' xml:base="https://evil.example/"',
    );
    const clean = sanitizeSvg(document)!;
    expect(body(clean)).not.toMatch(/javascript|evil|http:|@import|other\.svg|\\72|<set|onbegin/);
    expect(clean).not.toContain('xml:base');
    expect(body(clean)).toBe(
      '<a><text>a</text></a><a><text>b</text></a><image/><image href="data:image/png;base64,iVBORw0KGgo="/>' +
        '<use/><rect/><style>rect { fill: red }</style><rect/><animate attributeName="x" to="5"/>',
    );
  });

  it('drops every url-like CSS function in style attributes and style elements, whatever its spelling', () => {
    const outside = [
      'background: image-set("http://evil.example/a.png" 1x)',
      'background: -webkit-image-set(url(http://evil.example/a.png) 1x)',
      'background: IMAGE-SET("https://evil.example/a.png" 1x)',
      "background: image('http://evil.example/a.png')",
      'background: cross-fade(url(#a), url(http://evil.example/b.png), 50%)',
      'background: -webkit-cross-fade(url(#a), url(#b), 50%)',
      'background: element(#other)',
      'background: -moz-element(#other)',
      'background: src("http://evil.example/a.png")',
      'background: paint(worklet)',
      'background: U/**/RL(http://evil.example/a.png)',
      'background: u/* a comment */rl(http://evil.example/a.png)',
      'background: url(/**/http://evil.example/a.png)',
      'background: url( "http://evil.example/a.png" )',
      'background: u\\rl(http://evil.example/a.png)',
      'background: u\\72l(http://evil.example/a.png)',
      'background: image-s\\65t("http://evil.example/a.png" 1x)',
      'width: expression(alert(1))',
      'width: EXPRESSION/**/(alert(1))',
      'content: attr(data-x url)',
      'fill: url(data:image/png;base64,AAAA)',
    ];
    for (const css of outside) {
      const escaped = css.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      const inAttribute = sanitizeSvg(svg(`<rect width="1" style="${escaped}"/>`));
      expect(body(inAttribute), css).toBe('<rect width="1"/>');
      const inElement = sanitizeSvg(
        svg(`<style>rect { ${css.replace(/&/g, '&amp;').replace(/</g, '&lt;')} }</style><rect/>`),
      );
      expect(body(inElement), css).toBe('<rect/>');
    }
    for (const css of ['@import "http://evil.example/a.css";', '@IMP/**/ORT url(a.css);', '@\\69mport "a.css";']) {
      expect(body(sanitizeSvg(svg(`<style>${css}</style><rect/>`))), css).toBe('<rect/>');
    }
    // An entity-encoded function name is read as the browser reads it.
    expect(body(sanitizeSvg(svg('<rect style="fill: &#x69;mage-set(&quot;http://e/a.png&quot; 1x)"/>')))).toBe(
      '<rect/>',
    );
    // Local references and plain CSS functions stay.
    const kept = svg(
      '<style>rect { fill: url(#g); stroke: url("#g"); transform: rotate(45deg) translate(1px, 2px); color: rgb(1 2 3) }</style>' +
        '<rect style="fill: url( \'#g\' ); width: calc(1px + 2px)" transform="scale(2)"/>',
    );
    expect(body(sanitizeSvg(kept))).toBe(
      '<style>rect { fill: url(#g); stroke: url("#g"); transform: rotate(45deg) translate(1px, 2px); color: rgb(1 2 3) }</style>' +
        '<rect style="fill: url( \'#g\' ); width: calc(1px + 2px)" transform="scale(2)"/>',
    );
  });

  it('drops comments and processing instructions and escapes CDATA', () => {
    const document = `<?xml version="1.0"?><!-- c --><?pi x?>${svg('<style><![CDATA[a > b { fill: red }]]></style>')}<!-- after -->`;
    expect(body(sanitizeSvg(document))).toBe('<style>a &gt; b { fill: red }</style>');
  });

  it('refuses what is not svg XML: other roots, malformed XML, document types and entities', () => {
    for (const text of [
      '',
      'not xml',
      '<html><body/></html>',
      '<svg><rect></svg>',
      '<svg><rect/></svg><svg/>',
      '<svg a="1" a="2"/>',
      '<svg a=1/>',
      '<svg>&nbsp;</svg>',
      '<svg>a & b</svg>',
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
      '<svg><!DOCTYPE x></svg>',
      `${'<g>'.repeat(300)}`,
      '\u0089PNG\r\n',
    ]) {
      expect(sanitizeSvg(text), text.slice(0, 40)).toBeNull();
    }
  });

  it('accepts a prefixed svg root and numeric character references', () => {
    expect(sanitizeSvg('<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:text>&#65;&#x42;</s:text></s:svg>')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:text>AB</s:text></s:svg>\n',
    );
  });
});
