// Baseline for media transfers: a bare node:http server. GET streams the file with
// fs.createReadStream; POST streams the request body into a file and removes it again.
//   node bench/baselines/bare-file-server.mjs <file> <upload-dir>   prints its port when listening
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const [file, uploadDir] = process.argv.slice(2);
const size = fs.statSync(file).size;
let uploads = 0;

const server = http.createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
    fs.createReadStream(file).pipe(response);
    return;
  }
  uploads += 1;
  const target = path.join(uploadDir, `bare-upload-${uploads}`);
  pipeline(request, fs.createWriteStream(target)).then(
    () => {
      response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
      fs.rmSync(target, { force: true });
    },
    (error) => {
      fs.rmSync(target, { force: true });
      response.writeHead(500).end(String(error));
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
