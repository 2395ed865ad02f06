// npm run backup [folder]: a consistent copy of the embedded SQLite database and the media under
// DATA_DIR, safe while the server runs. Into the folder given, or BACKUP_DIR, or
// backups/<UTC time>. PostgreSQL and S3 have their own tools (pg_dump, bucket versioning): see
// docs/deploy.md.
//
// Why it is consistent: the database is copied first, with SQLite's online backup API, a
// snapshot of one moment however busy the server is. Then exactly the files the snapshot's rows
// name are linked in (stored files never change once in place), so the copy carries no file it
// does not need. A file named by the snapshot but gone by the time it is linked belongs to an
// item deleted since, unless the live database still names it: then storage has lost it and
// the backup fails at once naming it. Otherwise the whole copy is made again from a newer
// snapshot, a few times at most. The copy is then checked: it must pass PRAGMA
// integrity_check and hold every file its rows name.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';

const STORAGE_FOLDER = 'storage';
const DATABASE_FILE = 'kholo.db';

export class BackupRefused extends Error {}

function refuseOtherBackends(env) {
  if (env.DATABASE_URL) {
    throw new BackupRefused(
      'DATABASE_URL is set: this server keeps its data in PostgreSQL. Back it up with pg_dump (see docs/deploy.md, "Backups").',
    );
  }
  if (env.S3_BUCKET || env.S3_ENDPOINT) {
    throw new BackupRefused(
      'S3_* is set: media lives in the bucket. Turn on bucket versioning or replication there (see docs/deploy.md, "Backups").',
    );
  }
}

function timestampFolder(now) {
  // 2026-11-21T06-30-00Z: sortable, and no colons (awkward in paths on some systems).
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

/** How many times a copy is made before a file that keeps vanishing is reported. */
const ATTEMPTS = 3;

/**
 * Links (or, across file systems, copies) each key's file into the copy; answers the keys whose
 * file does not exist (removed since the snapshot, or lost).
 */
function linkFiles(keys, source, target) {
  const missing = [];
  for (const key of keys) {
    const from = path.join(source, key);
    const to = path.join(target, key);
    if (fs.existsSync(to)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    try {
      try {
        fs.linkSync(from, to);
      } catch (error) {
        if (!['EXDEV', 'EPERM', 'EMLINK'].includes(error.code)) throw error;
        fs.copyFileSync(from, to);
      }
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
      missing.push(key);
    }
  }
  return missing;
}

function storageTotals(folder) {
  const totals = { files: 0, bytes: 0 };
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile()) {
        totals.files += 1;
        totals.bytes += fs.statSync(full).size;
      }
    }
  };
  if (fs.existsSync(folder)) visit(folder);
  return totals;
}

/** Every storage key a row of this database needs: live items' files, and avatars. */
/**
 * The keys of a preview's other widths, from `contents.preview_sizes` ({ w, h, v: [[width, height,
 * format]] }): the server's previewVariantKeys (apps/server/src/features/media/preview-sizes.ts),
 * restated here because this script runs without the server's code.
 */
function previewCopyKeys(previewKey, sizesText) {
  if (sizesText === null || sizesText === undefined) return [];
  let sizes;
  try {
    sizes = JSON.parse(sizesText);
  } catch {
    return [];
  }
  if (!Array.isArray(sizes?.v)) return [];
  return sizes.v.map(([width, , format]) => `${previewKey.replace(/\.webp$/, '')}.w${width}.${format}`);
}

export function referencedKeys(db) {
  const keys = [];
  const items = db
    .prepare('SELECT media_key, preview_key, display_key, preview_sizes FROM contents WHERE files_removed_at IS NULL')
    .all();
  for (const item of items) {
    keys.push(item.media_key, item.preview_key, ...previewCopyKeys(item.preview_key, item.preview_sizes));
    if (item.display_key !== null) keys.push(item.display_key);
  }
  for (const creator of db.prepare('SELECT avatar_key FROM creators WHERE avatar_key IS NOT NULL').all()) {
    keys.push(creator.avatar_key);
  }
  return keys;
}

/** Checks the copy; answers what is wrong with it (nothing: an empty list). */
function verifyCopy(destination) {
  const db = new Database(path.join(destination, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    const problems = [];
    const integrity = db.pragma('integrity_check', { simple: false });
    if (integrity.length !== 1 || integrity[0].integrity_check !== 'ok') {
      problems.push(`integrity_check: ${integrity.map((row) => row.integrity_check).join('; ')}`);
    }
    const missing = referencedKeys(db).filter((key) => !fs.existsSync(path.join(destination, STORAGE_FOLDER, key)));
    if (missing.length > 0) {
      problems.push(`${missing.length} file(s) the rows name are missing, e.g. ${missing.slice(0, 3).join(', ')}`);
    }
    return problems;
  } finally {
    db.close();
  }
}

/**
 * The keys among `keys` that the live database still names, read-only. A file such a row needs
 * is lost from storage; any other missing file belongs to an item deleted since the snapshot.
 */
function stillNamedByLive(databaseFile, keys) {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true, timeout: 10_000 });
  try {
    const named = new Set(referencedKeys(db));
    return keys.filter((key) => named.has(key));
  } finally {
    db.close();
  }
}

function listed(keys) {
  return `${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ', …' : ''}`;
}

/** Keys the copied database names, read from the copy itself. */
function keysOfCopy(databaseCopy) {
  const db = new Database(databaseCopy, { readonly: true, fileMustExist: true });
  try {
    return referencedKeys(db);
  } finally {
    db.close();
  }
}

/** A snapshot of the database into the target, as one self-contained file. */
async function snapshotDatabase(databaseFile, databaseCopy) {
  const source = new Database(databaseFile, { fileMustExist: true, timeout: 10_000 });
  try {
    await source.backup(databaseCopy);
  } finally {
    source.close();
  }
  // The server's WAL mode would want -wal and -shm files beside it.
  const copy = new Database(databaseCopy, { fileMustExist: true });
  copy.pragma('journal_mode = DELETE');
  copy.close();
}

/**
 * Makes the backup; answers its summary. Throws BackupRefused for what this tool is not for.
 * `afterSnapshot` runs between a snapshot and the linking of its files (tests use it to delete
 * an item at that moment).
 */
export async function backup({
  env = process.env,
  cwd = process.cwd(),
  destination,
  now = new Date(),
  afterSnapshot = async () => {},
} = {}) {
  refuseOtherBackends(env);
  const dataDir = path.resolve(cwd, env.DATA_DIR || './data');
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(databaseFile)) throw new BackupRefused(`There is no database at ${databaseFile} (DATA_DIR).`);
  const target = path.resolve(cwd, destination || env.BACKUP_DIR || path.join('backups', timestampFolder(now)));
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    throw new BackupRefused(`${target} is not empty; choose a new folder.`);
  }
  fs.mkdirSync(target, { recursive: true });

  const storageSource = path.join(dataDir, STORAGE_FOLDER);
  const storageTarget = path.join(target, STORAGE_FOLDER);
  const databaseCopy = path.join(target, DATABASE_FILE);
  let missing = [];
  let attempts = 0;
  while (attempts < ATTEMPTS) {
    attempts += 1;
    // The folder was empty at the start, so everything in it is an earlier attempt's.
    fs.rmSync(databaseCopy, { force: true });
    fs.rmSync(storageTarget, { recursive: true, force: true });
    await snapshotDatabase(databaseFile, databaseCopy);
    await afterSnapshot(attempts);
    missing = linkFiles(keysOfCopy(databaseCopy), storageSource, storageTarget);
    if (missing.length === 0) break;
    // No newer snapshot brings back a file the server itself still needs.
    const lost = stillNamedByLive(databaseFile, missing);
    if (lost.length > 0) {
      throw new Error(
        `The copy in ${target} is not usable: ${lost.length} file(s) the database still names are missing from ` +
          `${storageSource}: ${listed(lost)}. Restore them from an earlier backup.`,
      );
    }
  }
  if (missing.length > 0) {
    throw new Error(
      `The copy in ${target} is not usable: items were deleted during each of ${attempts} attempts, ` +
        `taking files the snapshot named (${listed(missing)}). Run the backup again at a quieter moment.`,
    );
  }

  const problems = verifyCopy(target);
  if (problems.length > 0) throw new Error(`The copy in ${target} is not usable:\n  ${problems.join('\n  ')}`);
  return {
    path: target,
    attempts,
    databaseBytes: fs.statSync(databaseCopy).size,
    ...storageTotals(storageTarget),
  };
}

function size(bytes) {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const summary = await backup({ destination: process.argv[2] });
    console.log(
      `backup: ${summary.path} (database ${size(summary.databaseBytes)}, ${summary.files} files, ${size(summary.bytes)})`,
    );
  } catch (error) {
    console.error(`backup failed: ${error.message}`);
    process.exit(error instanceof BackupRefused ? 2 : 1);
  }
}
