import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * Writes .br and .gz beside every text asset once at build time, so the server sends them
 * (@fastify/static preCompressed) without compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'kholo:precompress',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|txt)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

// `source` resolves @kholo/contracts to its TypeScript, so the web never waits on a contracts build.
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // The server-rendering bundle (ADR 027) carries its dependencies, so the server needs nothing of the web's node_modules.
  ssr: { noExternal: true },
  build: {
    target: 'es2022',
    // The polyfill would be injected as inline script, which our CSP forbids; every browser we support has modulepreload.
    modulePreload: { polyfill: false },
    sourcemap: true,
  },
  server: {
    port: 5173,
    // Keep the browser's Host so the server's same-origin check (ADR 006) sees one site.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
