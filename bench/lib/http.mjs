// Plain node:http for the measured transfers: a lighter client than fetch, so more of the two
// shared cores go to the server under test, and the same client for Kholo and its baseline.
import fs from 'node:fs';
import http from 'node:http';

export function keepAliveAgent(maxSockets) {
  return new http.Agent({ keepAlive: true, maxSockets });
}

/** One request; resolves with the status and the body as a Buffer. */
export function request(url, { method = 'GET', headers = {}, body, agent } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Downloads `url` and counts the bytes without keeping them; a status other than 200 fails. */
export function download(url, { headers = {}, agent } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET ${url} answered ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Wall-clock seconds `work` takes. */
export async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

/** Runs `task(item)` for every item with at most `limit` at once; resolves with the results in order. */
export async function inParallel(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index], index);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** The multipart body the Upload tab sends, as a fetch FormData that streams the file from disk. */
export async function uploadForm(fields, file, fileName, type) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', await fs.openAsBlob(file, { type }), fileName);
  return form;
}
