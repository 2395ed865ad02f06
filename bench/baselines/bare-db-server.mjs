// Second baseline for the creator page API: a bare Fastify route that does the page's own reads
// (the signed session cookie, the creator, her public items, the fan's unlocks of them) with
// better-sqlite3 and hand-written SQL, and builds the same JSON. No Kysely, better-auth, plugins,
// validation or cache: what the answer costs when nothing but the work itself stands in the way.
// A visitor (no cookie) gets the first VISITOR_VISIBLE_ITEMS and the count, as Kholo answers her.
// SQLite only; the figure checks it answers the same bytes as Kholo, signed in and not.
//   node bench/baselines/bare-db-server.mjs <kholo.db> <AUTH_SECRET>   prints its port when listening
import { createHmac, timingSafeEqual } from 'node:crypto';
import { importFromServer, importServerModule } from '../lib/processes.mjs';

const [databaseFile, secret] = process.argv.slice(2);
const Fastify = await importFromServer('fastify');
const SqliteDatabase = await importFromServer('better-sqlite3');
const { unlockDaysLeft, UNLOCK_WINDOW_MS, VISITOR_VISIBLE_ITEMS } = await importFromServer('@kholo/contracts');
// The same URL rules as the server's cards, so the bytes can match.
const { mediaUrls } = await importServerModule('features/media/media-urls.js');
const { previewImageOf } = await importServerModule('features/media/preview-sizes.js');

const db = new SqliteDatabase(databaseFile, { readonly: true });
const sessionByToken = db.prepare(
  `select s.expires_at, u.id from auth_sessions s join auth_users u on u.id = s.user_id where s.token = ?`,
);
const creatorByHandle = db.prepare(
  `select user_id, handle, name, bio, avatar_key from creators
   where handle = ? and suspended_at is null and deleted_at is null`,
);
const ON_SALE = `creator_id = ? and deleted_at is null and files_removed_at is null and hidden_at is null`;
const COLUMNS = `id, creator_id, title, description, price_paise, is_adult_content, media_kind, media_mime,
  media_size_bytes, media_width, media_height, media_duration_ms, preview_sizes, created_at`;
const publicItems = db.prepare(`select ${COLUMNS} from contents where ${ON_SALE} order by created_at desc, id desc`);
const firstPublicItems = db.prepare(
  `select ${COLUMNS} from contents where ${ON_SALE} order by created_at desc, id desc limit ${VISITOR_VISIBLE_ITEMS}`,
);
const publicCount = db.prepare(`select count(*) as count from contents where ${ON_SALE}`);
// Running and ended: an ended one says when her access ran out.
const fanUnlocks = db.prepare(
  `select u.content_id, u.purchased_at, u.expires_at from unlocks u join contents c on c.id = u.content_id
   where u.fan_id = ? and c.creator_id = ? and u.purchased_at <= ?`,
);

/** better-auth's session cookie (prefix kholo): encodeURIComponent(token + "." + base64 HMAC-SHA256(token)). */
function fanOf(cookieHeader, now) {
  const raw = /(?:^|;\s*)kholo\.session_token=([^;]+)/.exec(cookieHeader ?? '')?.[1];
  if (raw === undefined) return null;
  const value = decodeURIComponent(raw);
  const dot = value.lastIndexOf('.');
  const token = value.slice(0, dot);
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const session = sessionByToken.get(token);
  return session !== undefined && new Date(session.expires_at).getTime() > now ? session.id : null;
}

/** The fan's access to one item from her unlocks of it (content-access.ts's rules, by hand). */
function accessOf(unlocks, now) {
  let running;
  let latestEnded;
  for (const unlock of unlocks) {
    if (unlock.expires_at > now) {
      if (running === undefined || unlock.expires_at > running.expires_at) running = unlock;
    } else if (latestEnded === undefined || unlock.purchased_at > latestEnded.purchased_at) {
      latestEnded = unlock;
    }
  }
  if (running !== undefined) {
    return {
      kind: 'unlocked',
      purchasedAt: running.purchased_at,
      expiresAt: running.expires_at,
      daysLeft: unlockDaysLeft(running.purchased_at, now),
    };
  }
  const ranOut =
    latestEnded !== undefined && latestEnded.expires_at >= latestEnded.purchased_at + UNLOCK_WINDOW_MS
      ? latestEnded.expires_at
      : null;
  return { kind: 'locked', accessEndedAt: ranOut };
}

function cardOf(row, access) {
  return {
    id: row.id,
    creatorId: row.creator_id,
    title: row.title,
    description: row.description,
    pricePaise: row.price_paise,
    isAdultContent: row.is_adult_content === 1,
    mediaKind: row.media_kind,
    previewUrl: mediaUrls.preview(row.id),
    preview: previewImageOf(
      {
        previewSizes: row.preview_sizes,
        mediaKind: row.media_kind,
        mediaWidth: row.media_width,
        mediaHeight: row.media_height,
      },
      {
        base: mediaUrls.preview(row.id),
        variant: (width, format) => mediaUrls.previewVariant(row.id, width, format),
      },
    ),
    createdAt: row.created_at,
    access,
    media:
      access.kind === 'locked'
        ? null
        : {
            url: mediaUrls.inline(row.id),
            downloadUrl: mediaUrls.download(row.id),
            mime: row.media_mime,
            sizeBytes: row.media_size_bytes,
            width: row.media_width,
            height: row.media_height,
            durationMs: row.media_duration_ms,
          },
  };
}

const app = Fastify({ logger: false });
app.get('/api/creators/:username', async (request, reply) => {
  const now = Date.now();
  const creator = creatorByHandle.get(request.params.username);
  if (creator === undefined) return reply.code(404).send({ error: 'not found' });
  const fanId = request.headers.cookie === undefined ? null : fanOf(request.headers.cookie, now);
  let items;
  let totalCount;
  if (fanId === null) {
    items = firstPublicItems.all(creator.user_id).map((row) => cardOf(row, { kind: 'locked', accessEndedAt: null }));
    totalCount = publicCount.get(creator.user_id).count;
  } else {
    const unlocksOf = new Map();
    for (const unlock of fanUnlocks.all(fanId, creator.user_id, now)) {
      const list = unlocksOf.get(unlock.content_id);
      if (list === undefined) unlocksOf.set(unlock.content_id, [unlock]);
      else list.push(unlock);
    }
    items = publicItems.all(creator.user_id).map((row) => cardOf(row, accessOf(unlocksOf.get(row.id) ?? [], now)));
    totalCount = items.length;
  }
  reply.header('cache-control', 'private, no-store');
  return {
    creator: {
      id: creator.user_id,
      handle: creator.handle,
      name: creator.name,
      bio: creator.bio,
      avatarUrl: mediaUrls.avatar(creator.user_id, creator.avatar_key),
    },
    items,
    totalCount,
  };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
