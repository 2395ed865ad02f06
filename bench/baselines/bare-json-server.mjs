// Baseline for the creator page API: a bare Fastify route (the server's own Fastify) answering
// the same JSON the real route gave, with no session, database or validation behind it.
//   node bench/baselines/bare-json-server.mjs <file.json>   prints its port when listening
import fs from 'node:fs';
import { importFromServer } from '../lib/processes.mjs';

const [jsonFile] = process.argv.slice(2);
const page = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
const Fastify = await importFromServer('fastify');
const app = Fastify({ logger: false });
// The same path shape as the real route, so routing costs the same.
app.get('/api/creators/:username', async (_request, reply) => {
  reply.header('cache-control', 'private, no-store');
  return page;
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
