// Feature borders and import circles (issue 19; DEVELOPERS.md "Where things go"): `npm run borders`.
// Type-only imports count too (tsPreCompilationDeps): a circle of types is still a circle a
// reader has to untangle, and a type from another feature's internals is still a reach inside.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a loop. Move the shared piece down, or pass a function in.',
      from: { path: '^(apps/(server|web)/src|packages/contracts/src)/' },
      to: { circular: true },
    },
    {
      name: 'feature-through-its-index',
      severity: 'error',
      comment:
        'A feature reaches another only through that feature’s index.ts (index.tsx on the web): its public surface.',
      from: { path: '^apps/(server|web)/src/features/([^/]+)/' },
      to: {
        path: '^apps/$1/src/features/[^/]+/',
        pathNot: ['^apps/$1/src/features/$2/', '^apps/$1/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'server-wiring-through-indexes',
      severity: 'error',
      comment: 'app.ts, start-up.ts and the rest of the server outside features/ use a feature through its index.ts.',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/features/'] },
      to: {
        path: '^apps/server/src/features/[^/]+/',
        pathNot: '^apps/server/src/features/[^/]+/index\\.ts$',
      },
    },
  ],
  options: {
    includeOnly: '^(apps/(server|web)/src|packages/contracts/src)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'types', 'default'],
      // The server imports `./x.js` for `./x.ts` (NodeNext), which dependency-cruiser resolves itself.
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    cache: false,
  },
};
