import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CreatorProfile, StudioContent } from '@kholo/contracts';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../src/start-up.js';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { createContentRepository, type ContentRepository } from '../src/features/content/content-repository.js';
import { payableOrder } from '../src/features/payments/index.js';
import { createContentService } from '../src/features/content/content-service.js';
import { createCreatorsRepository, type CreatorsRepository } from '../src/features/creators/creators-repository.js';
import { createCreatorsService } from '../src/features/creators/creators-service.js';
import { detectMediaType } from '../src/features/media/media-type.js';
import { createMediaProcessor } from '../src/features/media/media-processing.js';
import {
  createStoragePendingRepository,
  referencedKeysQuery,
} from '../src/features/media/storage-pending-repository.js';
import { previewVariantKeys } from '../src/features/media/preview-sizes.js';
import { createStorageJournal, createStorageSweep, PENDING_GRACE_MS } from '../src/features/media/storage-sweep.js';
import type { SessionAccount } from '../src/features/accounts/session.js';
import type { StagedFile } from '../src/features/media/upload-staging.js';
import { isUniqueViolation } from '../src/lib/db-errors.js';
import { createLocalStorage } from '../src/providers/storage/local-storage.js';
import { createS3Storage } from '../src/providers/storage/s3-storage.js';
import type { Storage } from '../src/providers/storage/storage.js';
import { signUp } from './accounts-helpers.js';
import {
  contentRow,
  getAs,
  grantUnlock,
  jpegWithGps,
  multipartBody,
  postUpload,
  uploadForm,
  uploadItem,
} from './content-helpers.js';
import { createOrder, expectLedgerHolds, newFan, sendWebhook, webhookBody } from './payments-helpers.js';
import { createTestBucket, s3Environment, TEST_STORAGE_IS_S3 } from './s3-test-bucket.js';
import { buildTestApp, type TestApp, testLogger } from './test-app.js';

/** These services upload photos only: a conversion queued here would be a bug. */
const NO_VIDEO_CONVERSIONS = {
  within: () => ({ convert: () => Promise.reject(new Error('no video is converted in this test')) }),
};

const DAY_MS = 24 * 60 * 60 * 1000;
const STORAGE_FOLDERS = ['media/', 'previews/', 'displays/', 'avatars/'] as const;
const silent = { info: () => undefined, warn: () => undefined };

/**
 * Faults the storage under test can be told to make: refuse some writes, or run something right
 * after a write (as a crash or a sweep would strike between two steps of an upload).
 */
const faults: { refusePut?: (key: string) => boolean; afterPut?: (key: string) => Promise<void> } = {};

let t: TestApp;
/** Scratch files, and the storage folder when storage is local. */
let storageDir: string;
/** The storage the app writes to, without the faults: what the tests look at. */
let storage: Storage;
let dropStorage: () => Promise<void>;

/** Local disk, or a bucket of its own under TEST_STORAGE=s3 (scripts/with-s3.mjs). */
async function storageUnderTest(): Promise<{ storage: Storage; drop(): Promise<void> }> {
  const settings = loadConfig(TEST_STORAGE_IS_S3 ? s3Environment() : {}).s3;
  if (settings === null) return { storage: createLocalStorage(path.join(storageDir, 'storage')), drop: async () => {} };
  const bucket = await createTestBucket(settings);
  const s3 = createS3Storage(bucket.settings);
  return {
    storage: s3,
    async drop() {
      s3.destroy();
      await bucket.drop();
    },
  };
}

function faultyStorage(inner: Storage): Storage {
  return {
    putFile: async (key, filePath, contentType) => {
      if (faults.refusePut?.(key) === true) throw new Error(`test storage refuses ${key}`);
      await inner.putFile(key, filePath, contentType);
      await faults.afterPut?.(key);
    },
    stat: (key) => inner.stat(key),
    read: (key, range) => inner.read(key, range),
    remove: (key) => inner.remove(key),
    list: (prefix) => inner.list(prefix),
    signedUrl: (key, options) => inner.signedUrl(key, options),
  };
}

beforeAll(async () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-sweep-storage-'));
  const underTest = await storageUnderTest();
  storage = underTest.storage;
  dropStorage = () => underTest.drop();
  t = await buildTestApp({}, { deps: { storage: faultyStorage(storage), videoTools: null } });
});
afterAll(async () => {
  await t.close();
  await dropStorage();
  fs.rmSync(storageDir, { recursive: true, force: true });
});
afterEach(async () => {
  delete faults.refusePut;
  delete faults.afterPut;
  await expectLedgerHolds(t.app);
});

/** Every stored object's key, sorted. */
async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of STORAGE_FOLDERS) for await (const object of storage.list(folder)) keys.push(object.key);
  return keys.sort();
}

async function pendingKeys(): Promise<string[]> {
  const rows = await t.database.db.selectFrom('storagePending').select('key').orderBy('key').execute();
  return rows.map((row) => row.key);
}

/** An item's files: the original, the display copy, the preview and the preview's other widths. */
function itemKeys(row: {
  mediaKey: string;
  previewKey: string;
  displayKey: string | null;
  previewSizes: string | null;
}): string[] {
  return [row.mediaKey, row.previewKey, row.displayKey, ...previewVariantKeys(row.previewKey, row.previewSizes)].filter(
    (key): key is string => key !== null,
  );
}

async function avatarKeyOf(id: string): Promise<string | null> {
  const row = await t.database.db
    .selectFrom('creators')
    .select('avatarKey')
    .where('userId', '=', id)
    .executeTakeFirstOrThrow();
  return row.avatarKey;
}

async function exists(key: string): Promise<boolean> {
  return (await storage.stat(key)) !== null;
}

/** The sweep as the app runs it, on the test clock. */
function sweep() {
  const pending = createStoragePendingRepository(t.database.db);
  return createStorageSweep({
    journal: createStorageJournal({ pending, storage, clock: t.clock }),
    pending,
    contents: createContentRepository(t.database.db, {
      payableOrder: payableOrder(t.config.payments.latePaymentGraceMs),
    }),
    clock: t.clock,
    logger: silent,
  });
}

async function newCreator(name = 'Meera Rathore') {
  const creator = await signUp(t.app, { role: 'creator', name });
  return { id: creator.me.account!.id, cookie: creator.cookie };
}

/** Whether the original is served to this viewer: streamed, or on S3 a presigned redirect. */
async function opens(url: string, cookie: string): Promise<boolean> {
  const response = await getAs(t.app, url, cookie);
  return response.statusCode === 200 || (TEST_STORAGE_IS_S3 && response.statusCode === 302);
}

function deleteItem(cookie: string, id: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/studio/contents/${id}`, headers: { cookie } });
}

/** Makes the database refuse the contents row of one title, whatever the code above it does. */
async function refuseItemsTitled(title: string): Promise<() => Promise<void>> {
  const { db } = t.database;
  if (t.database.engine === 'sqlite') {
    await sql`CREATE TRIGGER kholo_test_refuse_item BEFORE INSERT ON contents WHEN NEW.title = ${sql.lit(title)}
      BEGIN SELECT RAISE(ABORT, 'refused by test trigger'); END`.execute(db);
    return async () => {
      await sql`DROP TRIGGER kholo_test_refuse_item`.execute(db);
    };
  }
  await sql
    .raw(
      `CREATE FUNCTION kholo_test_refuse_item() RETURNS trigger AS $$ BEGIN IF NEW.title = '${title}' THEN RAISE EXCEPTION 'refused by test trigger'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
    )
    .execute(db);
  await sql`CREATE TRIGGER kholo_test_refuse_item BEFORE INSERT ON contents FOR EACH ROW EXECUTE FUNCTION kholo_test_refuse_item()`.execute(
    db,
  );
  return async () => {
    await sql`DROP TRIGGER kholo_test_refuse_item ON contents`.execute(db);
    await sql`DROP FUNCTION kholo_test_refuse_item()`.execute(db);
  };
}

describe('an upload that fails half-way', () => {
  it('whose row the database refuses leaves no object and no pending key', async () => {
    const creator = await newCreator();
    const before = await storedKeys();
    const allow = await refuseItemsTitled('Refused by the database');
    try {
      const response = await postUpload(
        t.app,
        creator.cookie,
        uploadForm({ title: 'Refused by the database', file: await jpegWithGps() }),
      );
      expect(response.statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect(await storedKeys()).toEqual(before);
    expect(await pendingKeys()).toEqual([]);
    const rows = await t.database.db.selectFrom('contents').select('id').where('creatorId', '=', creator.id).execute();
    expect(rows).toEqual([]);
  });

  it('whose second file storage refuses removes the first one and its pending keys', async () => {
    const creator = await newCreator();
    const before = await storedKeys();
    const written: string[] = [];
    faults.refusePut = (key) => key.startsWith('previews/');
    faults.afterPut = async (key) => {
      written.push(key);
    };
    const response = await postUpload(t.app, creator.cookie, uploadForm({ file: await jpegWithGps() }));
    expect(response.statusCode).toBe(500);
    // The original was stored before the preview failed, and is gone again.
    expect(written).toEqual([expect.stringMatching(new RegExp(`^media/${creator.id}/`))]);
    expect(await storedKeys()).toEqual(before);
    expect(await pendingKeys()).toEqual([]);
  });

  it('outrun by the sweep (a write slower than the grace period) fails rather than save a row without files', async () => {
    const creator = await newCreator();
    const before = await storedKeys();
    faults.afterPut = async (key) => {
      if (!key.startsWith('media/')) return;
      t.clock.advance(PENDING_GRACE_MS + 1);
      const report = await sweep().run(PENDING_GRACE_MS);
      expect(report.removedKeys).toBeGreaterThanOrEqual(1);
    };
    const response = await postUpload(t.app, creator.cookie, uploadForm({ file: await jpegWithGps() }));
    expect(response.statusCode).toBe(500);
    expect(await storedKeys()).toEqual(before);
    expect(await pendingKeys()).toEqual([]);
    const rows = await t.database.db.selectFrom('contents').select('id').where('creatorId', '=', creator.id).execute();
    expect(rows).toEqual([]);
  });

  it('a key another write has claimed is refused, and the refused writer removes nothing', async () => {
    const pending = createStoragePendingRepository(t.database.db);
    const journal = createStorageJournal({ pending, storage, clock: t.clock });
    const key = `media/someone/${t.clock.now()}_claimed-0a1b2c3d.jpg`;
    const claim = await journal.claim([key]);
    const file = path.join(storageDir, 'claimed.upload');
    fs.writeFileSync(file, 'theirs');
    await storage.putFile(key, file, 'image/jpeg');

    const refused = await journal.claim([key]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(refused)).toBe(true);
    expect(await exists(key)).toBe(true);

    expect(await journal.discard(claim.keys)).toEqual({ removed: [key], failed: [] });
    expect(await exists(key)).toBe(false);
    expect(await pendingKeys()).toEqual([]);
  });
});

describe('a commit whose answer is lost (PostgreSQL committed, the reply never came)', () => {
  const LOST_REPLY = 'connection lost after COMMIT was sent';

  /** An image staged as the upload route would leave it. */
  async function stagedImage(name: string): Promise<StagedFile> {
    const image = await jpegWithGps(400, 400);
    const file = path.join(storageDir, name);
    fs.writeFileSync(file, image);
    return { path: file, sizeBytes: image.length, type: await detectMediaType(image, ['image']) };
  }

  function journal() {
    return createStorageJournal({ pending: createStoragePendingRepository(t.database.db), storage, clock: t.clock });
  }

  it('an upload keeps the files its committed row names, and the sweep leaves them too', async () => {
    const creator = await newCreator();
    const real = createContentRepository(t.database.db, {
      payableOrder: payableOrder(t.config.payments.latePaymentGraceMs),
    });
    const contents: ContentRepository = {
      ...real,
      async insertWithStoredFiles(row, files) {
        await real.insertWithStoredFiles(row, files);
        throw new Error(LOST_REPLY);
      },
    };
    const service = createContentService({
      contents,
      storage,
      journal: journal(),
      clock: t.clock,
      media: createMediaProcessor({ videoTools: null, concurrency: 2 }),
      conversions: NO_VIDEO_CONVERSIONS,
      maxPricePaise: t.config.media.maxPricePaise,
      takedowns: async () => new Map(),
    });
    const details = {
      title: 'Committed anyway',
      description: 'The reply was lost',
      pricePaise: 14_900,
      isAdultContent: 'false' as const,
      attested: 'true' as const,
    };
    await expect(service.create(creator.id, details, await stagedImage('lost-reply.upload'), 'me.jpg')).rejects.toThrow(
      LOST_REPLY,
    );

    const rows = await t.database.db.selectFrom('contents').selectAll().where('creatorId', '=', creator.id).execute();
    expect(rows).toHaveLength(1);
    const keys = itemKeys(rows[0]!);
    for (const key of keys) expect(await exists(key)).toBe(true);
    expect(await pendingKeys()).toEqual([]);
    t.clock.advance(PENDING_GRACE_MS + 1);
    await sweep().run(PENDING_GRACE_MS);
    for (const key of keys) expect(await exists(key)).toBe(true);
  });

  it('an upload that finishes after its creator deleted her account is refused and leaves no file', async () => {
    const creator = await newCreator('Gone Midway');
    const service = createContentService({
      contents: createContentRepository(t.database.db, {
        payableOrder: payableOrder(t.config.payments.latePaymentGraceMs),
      }),
      storage,
      journal: journal(),
      clock: t.clock,
      media: createMediaProcessor({ videoTools: null, concurrency: 2 }),
      conversions: NO_VIDEO_CONVERSIONS,
      maxPricePaise: t.config.media.maxPricePaise,
      takedowns: async () => new Map(),
    });
    const before = await storedKeys();
    // Her account's deletion committed while the photo was being processed.
    await t.database.db
      .updateTable('creators')
      .set({ deletedAt: t.clock.now() })
      .where('userId', '=', creator.id)
      .execute();
    const details = {
      title: 'Too late',
      description: 'Uploaded as the account went',
      pricePaise: 14_900,
      isAdultContent: 'false' as const,
      attested: 'true' as const,
    };
    await expect(
      service.create(creator.id, details, await stagedImage('too-late.upload'), 'me.jpg'),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(
      await t.database.db.selectFrom('contents').select('id').where('creatorId', '=', creator.id).execute(),
    ).toEqual([]);
    expect(await storedKeys()).toEqual(before);
    expect(await pendingKeys()).toEqual([]);
  });

  it('an avatar change keeps the new file its committed row names; the old one still goes', async () => {
    const creator = await newCreator();
    const account = { id: creator.id, name: 'Meera Rathore', email: 'meera@kholo.test' } as SessionAccount;
    const real = createCreatorsRepository(t.database.db);
    const service = (creators: CreatorsRepository) =>
      createCreatorsService({
        creators,
        storage,
        journal: journal(),
        clock: t.clock,
        media: createMediaProcessor({ videoTools: null, concurrency: 2 }),
        handleCoolingOffMs: t.config.handleCoolingOffMs,
      });
    await service(real).changeAvatar(account, await stagedImage('first-avatar.upload'));
    const first = await avatarKeyOf(creator.id);

    t.clock.advance(1);
    const losing: CreatorsRepository = {
      ...real,
      async replaceAvatarKey(userId, avatar, now) {
        await real.replaceAvatarKey(userId, avatar, now);
        throw new Error(LOST_REPLY);
      },
    };
    await expect(service(losing).changeAvatar(account, await stagedImage('second-avatar.upload'))).rejects.toThrow(
      LOST_REPLY,
    );
    const second = await avatarKeyOf(creator.id);
    expect(second).not.toBe(first);
    expect(await exists(second!)).toBe(true);
    // The old file's removal was committed with the row; nobody got to it, so the sweep does.
    expect(await pendingKeys()).toEqual([first]);
    t.clock.advance(PENDING_GRACE_MS + 1);
    await sweep().run(PENDING_GRACE_MS);
    expect(await exists(first!)).toBe(false);
    expect(await exists(second!)).toBe(true);
    expect(await pendingKeys()).toEqual([]);
  });

  it('a pending key that a row names is never removed, by a discard or by the sweep', async () => {
    const creator = await newCreator();
    const item = await uploadItem(t.app, creator.cookie);
    const keys = itemKeys(await contentRow(t.database, item.id));
    // However it came about, a journaled key of a live item must stay.
    await createStoragePendingRepository(t.database.db).add(keys, t.clock.now());
    expect(await journal().discard(keys)).toEqual({ removed: [], failed: [] });
    for (const key of keys) expect(await exists(key)).toBe(true);
    expect(await pendingKeys()).toEqual([]);

    await createStoragePendingRepository(t.database.db).add(keys, t.clock.now());
    t.clock.advance(PENDING_GRACE_MS + 1);
    expect(await sweep().run(PENDING_GRACE_MS)).toEqual({ releasedItems: 0, removedKeys: 0, failedKeys: 0 });
    for (const key of keys) expect(await exists(key)).toBe(true);
    expect(await pendingKeys()).toEqual([]);
  });

  it('a discard that cannot forget its keys reports them failed, none removed; the sweep finishes it', async () => {
    const keys = ['media/forget-fails-a', 'previews/forget-fails-b'];
    for (const key of keys) {
      // putFile takes the file over (a rename), so each object gets one of its own.
      const file = path.join(storageDir, 'forget-fails.bin');
      fs.writeFileSync(file, 'an object');
      await storage.putFile(key, file, 'application/octet-stream');
    }
    const pending = createStoragePendingRepository(t.database.db);
    await pending.add(keys, t.clock.now());
    const forgetFails = createStorageJournal({
      pending: { ...pending, forget: () => Promise.reject(new Error('database is locked')) },
      storage,
      clock: t.clock,
    });
    expect(await forgetFails.discard(keys)).toEqual({ removed: [], failed: keys });
    expect(await pendingKeys()).toEqual(keys);

    expect(await sweep().run(PENDING_GRACE_MS)).toEqual({ releasedItems: 0, removedKeys: 2, failedKeys: 0 });
    expect(await pendingKeys()).toEqual([]);
  });

  it('finds the rows naming a key through indexes, never by reading whole tables', async () => {
    const { db } = t.database;
    if (t.database.engine === 'postgres') {
      // PostgreSQL plans by table statistics, and reads tables this small whole: check each looked-up
      // column leads an index the planner can choose once they grow.
      const indexes = await sql<{ indexdef: string }>`select indexdef from pg_indexes
        where schemaname = current_schema() and tablename in ('contents', 'creators')`.execute(db);
      for (const column of ['media_key', 'preview_key', 'display_key', 'avatar_key']) {
        expect(indexes.rows.some((row) => row.indexdef.includes(`(${column})`))).toBe(true);
      }
      return;
    }
    const query = referencedKeysQuery(db, ['media/a', 'previews/b', 'avatars/c']).compile();
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const plan = result.rows.map((row) => row.detail).join('\n');
    expect(plan).not.toMatch(/\bSCAN (contents|creators)\b/);
    for (const index of ['creators_avatar_key_idx', 'contents_preview_key_idx', 'contents_display_key_idx']) {
      expect(plan).toContain(index);
    }
  });
});

describe('concurrent uploads', () => {
  it('never remove each other’s files, whichever of them fail', async () => {
    const lucky = await newCreator('Lucky Lens');
    const unlucky = await newCreator('Unlucky Lens');
    const before = await storedKeys();
    faults.refusePut = (key) => key.startsWith(`previews/${unlucky.id}/`);
    const image = await jpegWithGps(320, 240);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_unused, index) =>
        postUpload(
          t.app,
          (index % 2 === 0 ? lucky : unlucky).cookie,
          uploadForm({ title: `Upload ${index}`, file: image }),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 500, 201, 500, 201, 500, 201, 500]);

    const rows = await t.database.db.selectFrom('contents').selectAll().where('creatorId', '=', lucky.id).execute();
    expect(rows).toHaveLength(4);
    const expected = rows.flatMap(itemKeys);
    for (const key of expected) expect(await exists(key)).toBe(true);
    expect(await storedKeys()).toEqual([...before, ...expected].sort());
    expect(await pendingKeys()).toEqual([]);
  });
});

describe('a crash between storing files and committing their row', () => {
  /** What a killed upload leaves: a pending key with its object, and a file in staging. */
  async function leaveDebris(): Promise<{ key: string; staged: string }> {
    const key = `media/crashed/${t.clock.now()}_lost-0a1b2c3d.jpg`;
    await createStoragePendingRepository(t.database.db).add([key], t.clock.now());
    const file = path.join(storageDir, 'lost.upload');
    fs.writeFileSync(file, 'half an upload');
    await storage.putFile(key, file, 'image/jpeg');
    const stagingDir = path.join(t.config.dataDir, 'staging');
    fs.mkdirSync(stagingDir, { recursive: true });
    const staged = path.join(stagingDir, 'killed.upload');
    fs.writeFileSync(staged, 'half an upload');
    // Written by the process before the one starting now.
    const earlier = new Date(Date.now() - 1000);
    fs.utimesSync(staged, earlier, earlier);
    return { key, staged };
  }

  /** Another start of the server on the same database, data folder and storage. */
  async function restart(): Promise<void> {
    const database = connectDatabase(t.config.database, testLogger);
    const app = await startApp({
      config: t.config,
      database,
      clock: t.clock,
      mailer: t.mailer,
      storage: faultyStorage(storage),
      videoTools: null,
    });
    await app.close();
  }

  it('is cleaned up: at the next start on SQLite, after the grace period on PostgreSQL', async () => {
    const { key, staged } = await leaveDebris();
    await restart();
    if (t.database.engine === 'sqlite') {
      // One process owns a SQLite database: at its start nothing can still be in flight.
      expect(await exists(key)).toBe(false);
      expect(await pendingKeys()).toEqual([]);
      expect(fs.existsSync(staged)).toBe(false);
      return;
    }
    // Another machine may be mid-upload: the key is left alone until the grace period is over.
    expect(await exists(key)).toBe(true);
    expect(await pendingKeys()).toEqual([key]);
    t.clock.advance(PENDING_GRACE_MS - 1);
    expect(await sweep().run(PENDING_GRACE_MS)).toEqual({ releasedItems: 0, removedKeys: 0, failedKeys: 0 });
    expect(await exists(key)).toBe(true);
    t.clock.advance(1);
    expect(await sweep().run(PENDING_GRACE_MS)).toEqual({ releasedItems: 0, removedKeys: 1, failedKeys: 0 });
    expect(await exists(key)).toBe(false);
    expect(await pendingKeys()).toEqual([]);
    fs.rmSync(staged, { force: true });
  });
});

describe('deleting an item', () => {
  it('nobody holds removes its files at once, and the item is gone for its creator too', async () => {
    const creator = await newCreator();
    const item = await uploadItem(t.app, creator.cookie, { file: await jpegWithGps(1600, 1200) });
    const row = await contentRow(t.database, item.id);
    const keys = itemKeys(row);
    // The original, the display copy, the preview and its 320 and 800 px WebP copies.
    expect(keys).toHaveLength(5);
    for (const key of keys) expect(await exists(key)).toBe(true);

    expect((await deleteItem(creator.cookie, item.id)).statusCode).toBe(204);
    for (const key of keys) expect(await exists(key)).toBe(false);
    expect(await pendingKeys()).toEqual([]);
    expect(await contentRow(t.database, item.id)).toMatchObject({
      deletedAt: t.clock.now(),
      filesRemovedAt: t.clock.now(),
    });
    for (const route of ['', '/media', '/download', '/preview']) {
      expect((await getAs(t.app, `/api/contents/${item.id}${route}`, creator.cookie)).statusCode).toBe(404);
    }
  });

  it('a fan holds keeps its files for her until her unlock ends; then the sweep removes them', async () => {
    const creator = await newCreator();
    const fan = await newFan(t.app);
    const item = await uploadItem(t.app, creator.cookie);
    await grantUnlock(t.database, fan.id, item.id, t.clock.now() - DAY_MS);
    const keys = itemKeys(await contentRow(t.database, item.id));

    expect((await deleteItem(creator.cookie, item.id)).statusCode).toBe(204);
    for (const key of keys) expect(await exists(key)).toBe(true);
    expect(await opens(`/api/contents/${item.id}/download`, fan.cookie)).toBe(true);
    expect((await sweep().run(PENDING_GRACE_MS)).releasedItems).toBe(0);
    for (const key of keys) expect(await exists(key)).toBe(true);

    t.clock.advance(13 * DAY_MS);
    expect(await sweep().run(PENDING_GRACE_MS)).toMatchObject({ releasedItems: 1, failedKeys: 0 });
    for (const key of keys) expect(await exists(key)).toBe(false);
    expect(await pendingKeys()).toEqual([]);
    expect((await contentRow(t.database, item.id)).filesRemovedAt).toBe(t.clock.now());
    expect((await getAs(t.app, `/api/contents/${item.id}`, fan.cookie)).statusCode).toBe(404);
  });

  it('with an order still open keeps its files, so a payment landing after the delete still opens it', async () => {
    const creator = await newCreator();
    const fan = await newFan(t.app);
    const item: StudioContent = await uploadItem(t.app, creator.cookie, { pricePaise: '14900' });
    const order = await createOrder(t.app, fan.cookie, item.id);
    const keys = itemKeys(await contentRow(t.database, item.id));

    expect((await deleteItem(creator.cookie, item.id)).statusCode).toBe(204);
    for (const key of keys) expect(await exists(key)).toBe(true);
    expect((await sweep().run(PENDING_GRACE_MS)).releasedItems).toBe(0);

    const paid = await sendWebhook(
      t,
      webhookBody({ orderId: order.order_id, amountPaise: 14_900, paymentId: '5114910999001' }),
    );
    expect(paid.statusCode).toBe(200);
    expect(await opens(`/api/contents/${item.id}/media`, fan.cookie)).toBe(true);

    t.clock.advance(14 * DAY_MS);
    expect((await sweep().run(PENDING_GRACE_MS)).releasedItems).toBe(1);
    for (const key of keys) expect(await exists(key)).toBe(false);
  });
  it('a failed attempt still holds the files: the fan may retry and pay in the same checkout', async () => {
    const creator = await newCreator();
    const fan = await newFan(t.app);
    const item: StudioContent = await uploadItem(t.app, creator.cookie, { pricePaise: '14900' });
    const retried = await createOrder(t.app, fan.cookie, item.id);
    const keys = itemKeys(await contentRow(t.database, item.id));
    // The first attempt failed (a declined UPI request); the order waits for a retry.
    await t.database.db
      .updateTable('orders')
      .set({ status: 'FAILED', failureReason: 'failed' })
      .where('id', '=', retried.order_id)
      .execute();

    expect((await deleteItem(creator.cookie, item.id)).statusCode).toBe(204);
    expect((await sweep().run(PENDING_GRACE_MS)).releasedItems).toBe(0);
    for (const key of keys) expect(await exists(key)).toBe(true);

    const paid = await sendWebhook(
      t,
      webhookBody({ orderId: retried.order_id, amountPaise: 14_900, paymentId: '5114910999002' }),
    );
    expect(paid.statusCode).toBe(200);
    expect(await opens(`/api/contents/${item.id}/download`, fan.cookie)).toBe(true);
  });

  it('an order failed for good (the provider reported another amount) does not hold the files', async () => {
    const creator = await newCreator();
    const fan = await newFan(t.app);
    const item: StudioContent = await uploadItem(t.app, creator.cookie, { pricePaise: '14900' });
    const order = await createOrder(t.app, fan.cookie, item.id);
    const keys = itemKeys(await contentRow(t.database, item.id));
    await t.database.db
      .updateTable('orders')
      .set({ status: 'FAILED', failureReason: 'amount_mismatch' })
      .where('id', '=', order.order_id)
      .execute();

    expect((await deleteItem(creator.cookie, item.id)).statusCode).toBe(204);
    for (const key of keys) expect(await exists(key)).toBe(false);
  });
});

describe('replacing the avatar', () => {
  function postAvatar(cookie: string, image: Buffer) {
    const { payload, headers } = multipartBody([
      { name: 'file', value: image, fileName: 'me.jpg', contentType: 'image/jpeg' },
    ]);
    return t.app.inject({ method: 'POST', url: '/api/studio/avatar', payload, headers: { ...headers, cookie } });
  }

  async function avatarsOf(id: string): Promise<string[]> {
    return (await storedKeys()).filter((key) => key.startsWith(`avatars/${id}_`));
  }

  it('removes the old file once the new one is in place; a failed replacement keeps the old one', async () => {
    const creator = await newCreator();
    expect((await postAvatar(creator.cookie, await jpegWithGps(400, 400))).statusCode).toBe(200);
    const first = await avatarKeyOf(creator.id);
    expect(await avatarsOf(creator.id)).toEqual([first]);

    const second = await postAvatar(creator.cookie, await jpegWithGps(500, 500));
    expect(second.statusCode).toBe(200);
    expect(second.json<CreatorProfile>().avatarUrl).not.toBeNull();
    const current = await avatarKeyOf(creator.id);
    expect(current).not.toBe(first);
    expect(await avatarsOf(creator.id)).toEqual([current]);
    expect(await pendingKeys()).toEqual([]);

    faults.refusePut = (key) => key.startsWith('avatars/');
    expect((await postAvatar(creator.cookie, await jpegWithGps(300, 300))).statusCode).toBe(500);
    expect(await avatarKeyOf(creator.id)).toBe(current);
    expect(await avatarsOf(creator.id)).toEqual([current]);
    expect(await pendingKeys()).toEqual([]);
  });

  it('changed twice at once keeps exactly the file the row names', async () => {
    const creator = await newCreator();
    const [one, two] = await Promise.all([
      postAvatar(creator.cookie, await jpegWithGps(400, 400)),
      postAvatar(creator.cookie, await jpegWithGps(420, 420)),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(await avatarsOf(creator.id)).toEqual([await avatarKeyOf(creator.id)]);
    expect(await pendingKeys()).toEqual([]);
  });
});
