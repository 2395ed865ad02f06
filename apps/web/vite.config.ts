import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// `source` resolves @kholo/contracts to its TypeScript, so the web never waits on a contracts build.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    // The polyfill would be injected as inline script, which our CSP forbids; every browser we support has modulepreload.
    modulePreload: { polyfill: false },
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
