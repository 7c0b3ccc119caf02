// Generates packages/web/src/components/app-icon/icons.css: only the Bootstrap Icons the app uses (woff2 only).
// Run from the repository root after using a new icon (apps.ts or any `bi-<name>` class in packages/web/src): node scripts/generate-icon-css.mjs
import fs from 'node:fs';
const codes = JSON.parse(fs.readFileSync('node_modules/bootstrap-icons/font/bootstrap-icons.json', 'utf8'));
const src = fs.readFileSync('packages/contract/src/apps.ts', 'utf8');
const used = new Set();
for (const m of src.matchAll(/icon: '([a-z0-9-]+)'/g)) used.add(m[1]);
// Positional helpers: tool('id', '/path', 'icon', ...), importer(...), dev(...).
for (const m of src.matchAll(/\(\s*'[a-zA-Z]+',\s*'\/[^']*',\s*'([a-z0-9-]+)'/g)) used.add(m[1]);
const shell = [
  'person-circle',
  'person-gear',
  'list',
  'gear',
  'box-arrow-right',
  'arrow-clockwise',
  'exclamation-triangle',
  'qr-code',
  'fullscreen',
  'fullscreen-exit',
  'translate',
  'x-lg',
  'search',
  'star-fill',
  'chevron-down',
  'chevron-right',
  'chevron-left',
  'window-stack',
  'question-circle',
  'grid-3x3-gap',
];
for (const s of shell) used.add(s);
// Every `bi-<name>` class written in the web app's sources (dynamic names belong in the list above).
function scan(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) scan(file);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bbi-([a-z0-9-]+)/g)) if (m[1] in codes) used.add(m[1]);
      // <AppIcon name="upload" /> writes the class itself.
      for (const m of text.matchAll(/<AppIcon\s+name="([a-z0-9-]+)"/g)) if (m[1] in codes) used.add(m[1]);
    }
  }
}
scan('packages/web/src');
const names = [...used].sort();
const missing = names.filter((n) => !(n in codes));
if (missing.length) {
  console.error('missing', missing);
  process.exit(1);
}
let css = `/* Generated from bootstrap-icons/font/bootstrap-icons.json: only the icons the app uses (see AppIcon.tsx). */
@font-face {
  font-display: block;
  font-family: 'bootstrap-icons';
  src: url('bootstrap-icons/font/fonts/bootstrap-icons.woff2') format('woff2');
}
.bi::before {
  display: inline-block;
  font-family: 'bootstrap-icons' !important;
  font-style: normal;
  font-weight: normal !important;
  font-variant: normal;
  text-transform: none;
  line-height: 1;
  vertical-align: -0.125em;
  -webkit-font-smoothing: antialiased;
  -moz-osx-font-smoothing: grayscale;
}
`;
for (const n of names) css += `.bi-${n}::before {\n  content: '\\${codes[n].toString(16)}';\n}\n`;
fs.writeFileSync('packages/web/src/components/app-icon/icons.css', css);
console.log(names.length, 'icons');
