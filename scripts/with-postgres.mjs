// Runs a command against a private, throwaway PostgreSQL cluster:
//   node scripts/with-postgres.mjs <command> [args…]
// The cluster lives in a temp folder on a free port and is removed afterwards. The command
// sees TEST_DATABASE_URL. Without PostgreSQL installed it prints a loud SKIPPED line and
// succeeds, unless REQUIRE_POSTGRES=1, which makes that a failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { banner, freePort, isRoot, run, runSync, which } from './lib.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args…]');
  process.exit(2);
}

const binDir = findPostgresBin();
if (binDir === null) {
  const message =
    'SKIPPED postgres: PostgreSQL server binaries (initdb, pg_ctl) are not installed. On Debian: sudo apt-get install -y postgresql';
  if (process.env.REQUIRE_POSTGRES === '1') {
    console.error(`FAILED postgres: REQUIRE_POSTGRES=1 but ${message.slice('SKIPPED postgres: '.length)}`);
    process.exit(1);
  }
  banner(message);
  process.exit(0);
}

// initdb refuses to run as root, so as root the cluster belongs to the `postgres` system user.
const runAs = isRoot() ? 'postgres' : null;
if (runAs && runSync('id', ['-u', runAs]).status !== 0) {
  console.error(
    `Running as root, but there is no '${runAs}' user to own the test cluster. Run as a normal user or create one.`,
  );
  process.exit(1);
}

// A signal during set-up must still reach the clean-up in `finally` below, so it is noted here
// and acted on between steps (while the command runs, run() passes signals on to it).
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
  });
}
function stopIfInterrupted() {
  if (interrupted) throw new Error('interrupted');
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-pg-'));
fs.chmodSync(dir, 0o755);
if (runAs) runSync('chown', [runAs, dir]);
const dataDir = path.join(dir, 'data');
const port = await freePort();

function pg(tool, toolArgs) {
  const full = path.join(binDir, tool);
  const result = runAs ? runSync('runuser', ['-u', runAs, '--', full, ...toolArgs]) : runSync(full, toolArgs);
  if (result.status !== 0) {
    console.error(`${tool} failed:\n${result.stdout}${result.stderr}`);
    const log = path.join(dir, 'server.log');
    if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8'));
  }
  return result.status === 0;
}

let started = false;
function stop() {
  if (started) pg('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
  started = false;
  fs.rmSync(dir, { recursive: true, force: true });
}

let exitCode = 1;
try {
  stopIfInterrupted();
  if (!pg('initdb', ['-D', dataDir, '-U', 'kholo', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']))
    throw new Error('initdb');
  // Durability settings off: this cluster is thrown away, and tests run much faster without fsync.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  if (
    !pg('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start'])
  ) {
    throw new Error('pg_ctl start');
  }
  started = true;
  stopIfInterrupted();
  const version = runSync(path.join(binDir, 'postgres'), ['--version']).stdout.trim();
  banner(`PostgreSQL: ${version} on 127.0.0.1:${port} (private cluster in ${dir})`);
  exitCode = await run(command, args, {
    env: { ...process.env, TEST_DATABASE_URL: `postgres://kholo@127.0.0.1:${port}/postgres` },
  });
} catch (error) {
  if (interrupted) exitCode = 130;
  else console.error(`Could not start the private PostgreSQL cluster (${error.message}).`);
} finally {
  stop();
}
process.exit(exitCode);

function findPostgresBin() {
  const onPath = which('initdb');
  if (onPath && which('pg_ctl')) return path.dirname(fs.realpathSync(onPath));
  const debianRoot = '/usr/lib/postgresql';
  if (!fs.existsSync(debianRoot)) return null;
  const versions = fs
    .readdirSync(debianRoot)
    .filter((name) => fs.existsSync(path.join(debianRoot, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(debianRoot, versions[0], 'bin') : null;
}
