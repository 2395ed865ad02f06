// Builds each package whose output is missing or older than its sources, in dependency order.
import fs from 'node:fs';
import path from 'node:path';
import { newestMtime, root, run } from './lib.mjs';

const packages = [
  { workspace: 'packages/contracts', output: 'dist/index.js', inputs: ['src', 'package.json', 'tsconfig.build.json'] },
  { workspace: 'apps/server', output: 'dist/server.js', inputs: ['src', 'package.json', 'tsconfig.build.json'] },
  {
    workspace: 'apps/web',
    output: 'dist/index.html',
    inputs: ['src', 'public', 'index.html', 'package.json', 'vite.config.ts'],
  },
];

export async function buildIfNeeded({ only } = {}) {
  let upstreamRebuilt = false;
  for (const pkg of packages) {
    if (only && !only.includes(pkg.workspace)) continue;
    const dir = path.join(root, pkg.workspace);
    const output = path.join(dir, pkg.output);
    const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
    const sources = [...pkg.inputs.map((input) => path.join(dir, input)), path.join(root, 'tsconfig.base.json')];
    // The contracts feed both apps, so a contracts rebuild makes them stale too.
    const stale =
      builtAt === 0 || newestMtime(sources) > builtAt || (upstreamRebuilt && pkg.workspace !== 'packages/contracts');
    if (!stale) continue;
    console.log(`Building ${pkg.workspace}…`);
    const code = await run('npm', ['run', 'build', '--silent', '-w', pkg.workspace]);
    if (code !== 0) {
      console.error(`Building ${pkg.workspace} failed.`);
      process.exit(code);
    }
    if (pkg.workspace === 'packages/contracts') upstreamRebuilt = true;
  }
}
