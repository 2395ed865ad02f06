// Builds each package whose output is missing or older than its sources, in dependency order.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime, root, run } from './lib.mjs';

const packages = [
  { workspace: 'packages/contracts', output: 'dist/index.js', inputs: ['src', 'package.json', 'tsconfig.build.json'] },
  { workspace: 'apps/server', output: 'dist/server.js', inputs: ['src', 'package.json', 'tsconfig.build.json'] },
  {
    workspace: 'apps/web',
    // The server-rendering bundle is written last (apps/web's build script), so it dates the whole build.
    output: 'dist-server/entry-server.js',
    inputs: ['src', 'public', 'index.html', 'package.json', 'vite.config.ts'],
  },
];

export async function buildIfNeeded({ only } = {}) {
  for (const pkg of packages) {
    if (only && !only.includes(pkg.workspace)) continue;
    const dir = path.join(root, pkg.workspace);
    const output = path.join(dir, pkg.output);
    const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
    // Both apps compile against the contracts (the web straight from their sources), so a change
    // there makes every package stale.
    const sources = [
      ...pkg.inputs.map((input) => path.join(dir, input)),
      path.join(root, 'tsconfig.base.json'),
      path.join(root, 'packages/contracts/src'),
    ];
    const stale = builtAt === 0 || newestMtime(sources) > builtAt;
    if (!stale) continue;
    console.log(`Building ${pkg.workspace}…`);
    const code = await run('npm', ['run', 'build', '--silent', '-w', pkg.workspace]);
    if (code !== 0) {
      console.error(`Building ${pkg.workspace} failed.`);
      process.exit(code);
    }
  }
}

// `node scripts/build-if-needed.mjs`: build whatever is stale (npm test builds once, up front).
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildIfNeeded();
