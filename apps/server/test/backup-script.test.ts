import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './accounts-helpers.js';
import { contentRow, pngImage, uploadItem } from './content-helpers.js';
import { TEST_STORAGE_IS_S3 } from './s3-test-bucket.js';
import { previewVariantKeys } from '../src/features/media/index.js';
import { buildTestApp, type TestApp } from './test-app.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCRIPT = path.join(ROOT, 'scripts/backup.mjs');
/** What the tests call of scripts/backup.mjs in-process (it is plain JavaScript, without types). */
interface BackupScript {
  backup: (options: {
    env: NodeJS.ProcessEnv;
    cwd: string;
    destination: string;
    afterSnapshot: (attempt: number) => Promise<void>;
  }) => Promise<{ path: string; attempts: number; files: number }>;
}
const { backup } = (await import(pathToFileURL(SCRIPT).href)) as BackupScript;
/** The backup copies the embedded defaults: a SQLite file and media on local disk. */
const EMBEDDED = (process.env['TEST_DATABASE_URL'] ?? '') === '' && !TEST_STORAGE_IS_S3;

/** The environment without anything that points the server elsewhere. */
function cleanEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('S3_') && name !== 'DATABASE_URL' && name !== 'BACKUP_DIR') env[name] = value;
  }
  return { ...env, ...extra };
}

function runBackup(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { cwd: ROOT, env }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-backup-test-'));
});
afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('refuses PostgreSQL and S3 setups, naming the tool to use instead', async () => {
    const postgres = await runBackup(
      [path.join(scratch, 'pg')],
      cleanEnvironment({ DATABASE_URL: 'postgres://kholo@localhost/kholo' }),
    );
    expect(postgres.code).toBe(2);
    expect(postgres.stderr).toMatch(/pg_dump/);
    expect(postgres.stderr).toMatch(/docs\/deploy\.md/);

    const s3 = await runBackup([path.join(scratch, 's3')], cleanEnvironment({ S3_BUCKET: 'kholo-media' }));
    expect(s3.code).toBe(2);
    expect(s3.stderr).toMatch(/bucket versioning/);
    expect(fs.existsSync(path.join(scratch, 'pg'))).toBe(false);
    expect(fs.existsSync(path.join(scratch, 's3'))).toBe(false);
  });

  it('refuses a folder that is not empty, and a DATA_DIR without a database', async () => {
    const used = path.join(scratch, 'used');
    fs.mkdirSync(used);
    fs.writeFileSync(path.join(used, 'keep.txt'), 'mine');
    const empty = path.join(scratch, 'empty-data');
    fs.mkdirSync(empty);
    const noDatabase = await runBackup([path.join(scratch, 'none')], cleanEnvironment({ DATA_DIR: empty }));
    expect(noDatabase.code).toBe(2);
    expect(noDatabase.stderr).toMatch(/There is no database at/);

    new Database(path.join(empty, 'kholo.db')).close();
    const occupied = await runBackup([used], cleanEnvironment({ DATA_DIR: empty }));
    expect(occupied.code).toBe(2);
    expect(occupied.stderr).toMatch(/is not empty; choose a new folder/);
    expect(fs.readdirSync(used)).toEqual(['keep.txt']);
  });

  describe.runIf(EMBEDDED)('on the embedded defaults', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({}, { deps: { videoTools: null } });
    });
    afterAll(() => t.close());

    it('copies while uploads and deletes go on: the copy opens, passes integrity_check and has every file its rows name', async () => {
      const creator = await signUp(t.app, { role: 'creator', name: 'Busy Lens' });
      const image = await pngImage(640, 480);
      for (let index = 0; index < 5; index += 1) await uploadItem(t.app, creator.cookie, { file: image });

      const load = { writing: true };
      let uploads = 0;
      const writer = (async () => {
        while (load.writing) {
          const item = await uploadItem(t.app, creator.cookie, { file: image, title: `Busy ${uploads}` });
          uploads += 1;
          if (uploads % 3 === 0) {
            await t.app.inject({
              method: 'DELETE',
              url: `/api/studio/contents/${item.id}`,
              headers: { cookie: creator.cookie },
            });
          }
        }
      })();
      const destination = path.join(scratch, 'live');
      const result = await runBackup([destination], cleanEnvironment({ DATA_DIR: t.config.dataDir }));
      load.writing = false;
      await writer;

      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(
        new RegExp(`^backup: ${destination} \\(database [\\d.]+ [kM]B, \\d+ files, [\\d.]+ [kM]B\\)\\n$`),
      );
      expect(uploads).toBeGreaterThan(0);

      const copy = new Database(path.join(destination, 'kholo.db'), { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        const items = copy
          .prepare('SELECT media_key, preview_key, display_key FROM contents WHERE files_removed_at IS NULL')
          .all() as { media_key: string; preview_key: string; display_key: string | null }[];
        expect(items.length).toBeGreaterThanOrEqual(5);
        for (const item of items) {
          for (const key of [item.media_key, item.preview_key, item.display_key]) {
            if (key !== null) expect(fs.existsSync(path.join(destination, 'storage', key))).toBe(true);
          }
        }
        expect(filesUnder(path.join(destination, 'storage'))).toEqual(namedFiles(copy));
      } finally {
        copy.close();
      }
    });

    it('an item deleted between the snapshot and the linking of its files: made again, with no file no row names', async () => {
      const creator = await signUp(t.app, { role: 'creator', name: 'Quick Delete' });
      const kept = await uploadItem(t.app, creator.cookie, { file: await pngImage() });
      const deleted = await uploadItem(t.app, creator.cookie, { file: await pngImage(), title: 'Gone mid-backup' });
      const destination = path.join(scratch, 'deleted-mid-backup');

      const summary = await backup({
        env: cleanEnvironment({ DATA_DIR: t.config.dataDir }),
        cwd: ROOT,
        destination,
        afterSnapshot: async (attempt) => {
          if (attempt !== 1) return;
          // The first snapshot names this item's files; the delete removes them before they are linked.
          const response = await t.app.inject({
            method: 'DELETE',
            url: `/api/studio/contents/${deleted.id}`,
            headers: { cookie: creator.cookie },
          });
          expect(response.statusCode).toBe(204);
        },
      });
      expect(summary.attempts).toBe(2);
      expect((await contentRow(t.database, deleted.id)).filesRemovedAt).not.toBeNull();

      const copy = new Database(path.join(destination, 'kholo.db'), { readonly: true });
      try {
        const row = (id: string) =>
          copy.prepare('SELECT files_removed_at AS removed FROM contents WHERE id = ?').get(id) as {
            removed: number | null;
          };
        expect(row(deleted.id).removed).not.toBeNull();
        expect(row(kept.id).removed).toBeNull();
        expect(filesUnder(path.join(destination, 'storage'))).toEqual(namedFiles(copy));
      } finally {
        copy.close();
      }
    });

    it('items deleted after every snapshot: fails after a few tries, without calling their files lost', async () => {
      const creator = await signUp(t.app, { role: 'creator', name: 'Busy Deleter' });
      const items: { id: string }[] = [];
      for (let index = 0; index < 3; index += 1) {
        items.push(await uploadItem(t.app, creator.cookie, { file: await pngImage(), title: `Doomed ${index}` }));
      }
      const destination = path.join(scratch, 'deleted-every-attempt');
      const attempt = backup({
        env: cleanEnvironment({ DATA_DIR: t.config.dataDir }),
        cwd: ROOT,
        destination,
        afterSnapshot: async (number) => {
          // Each snapshot names the item deleted right after it.
          const response = await t.app.inject({
            method: 'DELETE',
            url: `/api/studio/contents/${items[number - 1]!.id}`,
            headers: { cookie: creator.cookie },
          });
          expect(response.statusCode).toBe(204);
        },
      });
      const failure = await attempt.then(
        () => null,
        (error: unknown) => (error as Error).message,
      );
      const { mediaKey } = await contentRow(t.database, items[2]!.id);
      expect(failure).toContain(
        `The copy in ${destination} is not usable: items were deleted during each of 3 attempts`,
      );
      expect(failure).toContain(mediaKey);
      expect(failure).not.toMatch(/missing from|still names/);
    });

    it('a file the database names but storage has lost: fails at once, naming the key', async () => {
      const creator = await signUp(t.app, { role: 'creator', name: 'Lost File' });
      const item = await uploadItem(t.app, creator.cookie, { file: await pngImage() });
      const { previewKey } = await contentRow(t.database, item.id);
      const storageDir = path.join(t.config.dataDir, 'storage');
      const aside = path.join(scratch, 'lost-preview.webp');
      fs.renameSync(path.join(storageDir, previewKey), aside);
      try {
        const destination = path.join(scratch, 'lost-file');
        const result = await runBackup([destination], cleanEnvironment({ DATA_DIR: t.config.dataDir }));
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(
          `backup failed: The copy in ${destination} is not usable: 1 file(s) the database still names are missing from ${storageDir}: ${previewKey}.`,
        );
        expect(result.stdout).toBe('');
      } finally {
        fs.renameSync(aside, path.join(storageDir, previewKey));
      }
    });
  });
});

/** Every file under `root`, as keys relative to it, sorted. */
function filesUnder(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Every key a row of the copied database names, sorted. */
/** Every file the copy's rows name: an item's files and its preview's other widths, and avatars. */
function namedFiles(copy: Database.Database): string[] {
  const items = copy
    .prepare('SELECT media_key, preview_key, display_key, preview_sizes FROM contents WHERE files_removed_at IS NULL')
    .all() as { media_key: string; preview_key: string; display_key: string | null; preview_sizes: string | null }[];
  const avatars = copy.prepare('SELECT avatar_key FROM creators WHERE avatar_key IS NOT NULL').all() as {
    avatar_key: string;
  }[];
  return [
    ...items.flatMap((item) => [
      item.media_key,
      item.preview_key,
      item.display_key,
      ...previewVariantKeys(item.preview_key, item.preview_sizes),
    ]),
    ...avatars.map((creator) => creator.avatar_key),
  ]
    .filter((key): key is string => key !== null)
    .sort();
}
