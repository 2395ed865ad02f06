// Baseline for the creator page API: a bare Fastify route (the server's own Fastify) answering
// the same JSON the real route gave, with no session, database or validation behind it. With a
// second file, a request without a cookie (a visitor) gets that one, as the real route answers
// her with her own (shorter) page.
//   node bench/baselines/bare-json-server.mjs <signed-in.json> [<visitor.json>]   prints its port when listening
import fs from 'node:fs';
import { importFromServer } from '../lib/processes.mjs';

const [jsonFile, visitorFile = jsonFile] = process.argv.slice(2);
const page = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
const visitorPage = JSON.parse(fs.readFileSync(visitorFile, 'utf8'));
const Fastify = await importFromServer('fastify');
const app = Fastify({ logger: false });
// The same path shape as the real route, so routing costs the same.
app.get('/api/creators/:username', async (request, reply) => {
  reply.header('cache-control', 'private, no-store');
  return request.headers.cookie === undefined ? visitorPage : page;
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
