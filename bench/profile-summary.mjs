// Prints where a V8 CPU profile (node --cpu-prof, or BENCH_CPU_PROFILE_DIR of the bench) spent its
// time: self time per function and per package or source folder, as shares of the samples.
// Usage: node bench/profile-summary.mjs file.cpuprofile [top=40]
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs file.cpuprofile [top]');
  process.exit(2);
}
const top = Number(topArg ?? 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const total = profile.samples.length;

/** The package (node_modules/x) or source folder of a frame, for grouping. */
function groupOf(url) {
  if (!url) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node core';
  const src = /\/(src|dist)\/(.*)\/[^/]+$/.exec(url);
  return src ? `app ${src[2]}` : url;
}

const byFunction = new Map();
const byGroup = new Map();
for (const [id, count] of hits) {
  const { callFrame } = nodes.get(id);
  const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  const group = groupOf(callFrame.url);
  byGroup.set(group, (byGroup.get(group) ?? 0) + count);
}
const print = (title, map, n) => {
  console.log(title);
  for (const [name, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${((count / total) * 100).toFixed(1).padStart(6)}%  ${name}`);
  }
};
console.log(`${total} samples, ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
print('self time by package or folder:', byGroup, 25);
print('self time by function:', byFunction, top);
