// Prints the raw and gzip sizes of the production build: per entry (its initial files), per chunk, and
// for the landing page (the app entry plus the lazily loaded landing screen, all it downloads up front).
// Reads dist/<target>/ and the stats that webpack.config.js writes to dist/stats-<target>.json.
// Run `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = ['app', 'admin'];
/** The chunk group of the screen shown at / to a signed-out visitor. */
const LANDING_GROUP = 'route-landing';
/** Budget for everything the landing page downloads up front: 170 KB (10^3) gzip. */
const LANDING_BUDGET_GZIP = 170_000;

const sizeCache = new Map();

function fileSizes(target, name) {
  const key = `${target}/${name}`;
  if (!sizeCache.has(key)) {
    const content = readFileSync(path.join(root, 'dist', target, name));
    sizeCache.set(key, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
  }
  return sizeCache.get(key);
}

function total(target, names) {
  return names.reduce(
    (sum, name) => {
      const { raw, gzip } = fileSizes(target, name);
      return { raw: sum.raw + raw, gzip: sum.gzip + gzip };
    },
    { raw: 0, gzip: 0 },
  );
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const isCode = (name) => name.endsWith('.js') || name.endsWith('.css');

function row(label, { raw, gzip }) {
  return `  ${label.padEnd(48)} ${kib(raw).padStart(11)} raw ${kib(gzip).padStart(11)} gzip`;
}

let failed = false;
const summary = [];

for (const target of TARGETS) {
  const statsFile = path.join(root, 'dist', `stats-${target}.json`);
  if (!existsSync(statsFile)) {
    console.error(`missing ${path.relative(root, statsFile)}: run \`npm run build\` first`);
    failed = true;
    continue;
  }
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'));

  console.log(`\n${target} (dist/${target})`);
  console.log(' entries (initial files):');
  for (const [name, entry] of Object.entries(stats.entrypoints)) {
    const files = entry.assets.map((a) => a.name).filter(isCode);
    const sizes = total(target, files);
    console.log(row(name, sizes));
    for (const file of files) console.log(row(`  ${file}`, fileSizes(target, file)));
    summary.push({ label: `${target} entry "${name}" initial`, sizes });
  }

  console.log(' chunks:');
  const chunks = [...stats.chunks].sort((a, b) => b.size - a.size);
  for (const chunk of chunks) {
    const files = chunk.files.filter(isCode);
    const label = `${chunk.names.length > 0 ? chunk.names.join(',') : `#${chunk.id}`}${chunk.initial ? ' (initial)' : ''}`;
    console.log(row(label, total(target, files)));
  }

  const landing = stats.namedChunkGroups?.[LANDING_GROUP];
  if (target === 'app' && landing) {
    const entryFiles = Object.values(stats.entrypoints).flatMap((e) => e.assets.map((a) => a.name));
    const files = [...new Set([...entryFiles, ...landing.assets.map((a) => a.name)])].filter(isCode);
    const sizes = total(target, files);
    console.log(' landing page (entry + landing screen):');
    console.log(row(LANDING_GROUP, sizes));
    for (const file of files) console.log(row(`  ${file}`, fileSizes(target, file)));
    summary.push({ label: 'app landing page (entry + route-landing)', sizes });
    const within = sizes.gzip <= LANDING_BUDGET_GZIP;
    console.log(
      `  budget: ${(sizes.gzip / 1000).toFixed(1)} KB of ${LANDING_BUDGET_GZIP / 1000} KB gzip — ${within ? 'within' : 'OVER'}`,
    );
    if (!within) failed = true;
  }
}

console.log('\nsummary:');
for (const { label, sizes } of summary) console.log(row(label, sizes));

if (failed) process.exit(1);
