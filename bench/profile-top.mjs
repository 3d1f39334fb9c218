// Reads a V8 CPU profile (`npm run bench` with BENCH_PROFILE=<folder>) and prints where the time went:
// the functions with the most self time, and the self time per package or source folder.
// Usage: node bench/profile-top.mjs <file.cpuprofile> [how many, default 40]
import { readFileSync } from 'node:fs';

const [file, countText] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-top.mjs <file.cpuprofile> [count]');
  process.exit(2);
}
const count = Number(countText ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const deltas = profile.timeDeltas;
profile.samples.forEach((id, index) => {
  self.set(id, (self.get(id) ?? 0) + (deltas[index] ?? 0));
});
const total = [...self.values()].reduce((sum, value) => sum + value, 0);

const where = (frame) => {
  const url = frame.url.replace(/^file:\/\//, '');
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes('/src/'))
    return url
      .slice(url.indexOf('/src/') + 1)
      .split('/')
      .slice(0, 3)
      .join('/');
  if (url.startsWith('node:')) return 'node internals';
  return url ? url : `(${frame.functionName || 'native'})`;
};

const byFunction = new Map();
const byPlace = new Map();
for (const [id, time] of self) {
  const { callFrame } = byId.get(id);
  if (callFrame.functionName === '(idle)') continue;
  const url = callFrame.url.replace(/^file:\/\//, '');
  const key = `${callFrame.functionName || '(anonymous)'}  ${url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + time);
  const place = where(callFrame);
  byPlace.set(place, (byPlace.get(place) ?? 0) + time);
}
const idle = [...self].filter(([id]) => byId.get(id).callFrame.functionName === '(idle)');
const idleTime = idle.reduce((sum, [, time]) => sum + time, 0);
const busy = total - idleTime;
const show = (map, limit) => {
  const top = [...map].sort((a, b) => b[1] - a[1]).slice(0, limit);
  for (const [key, time] of top) {
    const share = ((100 * time) / busy).toFixed(1).padStart(5);
    console.log(`${(time / 1000).toFixed(0).padStart(8)} ms ${share} %  ${key}`);
  }
};
console.log(
  `profile: ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (shares are of busy time)\n`,
);
console.log('By package or source folder:');
show(byPlace, 25);
console.log('\nBy function (self time):');
show(byFunction, count);
