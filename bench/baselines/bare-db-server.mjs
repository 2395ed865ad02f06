// Second baseline for the creator page API: a bare Fastify route that does the page's own reads
// (the signed session cookie, the creator, her public items, the fan's running unlocks) with
// better-sqlite3 and hand-written SQL, and builds the same JSON. No Kysely, better-auth, plugins
// or validation: what the answer costs when nothing but the work itself stands in the way.
// SQLite only; the figure checks it answers the same bytes as Kholo.
//   node bench/baselines/bare-db-server.mjs <kholo.db> <AUTH_SECRET>   prints its port when listening
import { createHmac, timingSafeEqual } from 'node:crypto';
import { importFromServer, importServerModule } from '../lib/processes.mjs';

const [databaseFile, secret] = process.argv.slice(2);
const Fastify = await importFromServer('fastify');
const SqliteDatabase = await importFromServer('better-sqlite3');
const { unlockDaysLeft } = await importFromServer('@kholo/contracts');
// The same URL rules as the server's cards, so the bytes can match.
const { mediaUrls } = await importServerModule('features/media/media-urls.js');

const db = new SqliteDatabase(databaseFile, { readonly: true });
const sessionByToken = db.prepare(
  `select s.expires_at, u.id from auth_sessions s join auth_users u on u.id = s.user_id where s.token = ?`,
);
const creatorByHandle = db.prepare(
  `select user_id, handle, name, bio, avatar_key from creators where handle = ? and suspended_at is null`,
);
const publicItems = db.prepare(
  `select id, creator_id, title, description, price_paise, is_adult_content, media_kind, media_mime,
     media_size_bytes, media_width, media_height, media_duration_ms, created_at
   from contents where creator_id = ? and deleted_at is null and hidden_at is null
   order by created_at desc, id desc`,
);
const runningUnlocks = db.prepare(
  `select u.content_id, u.purchased_at, u.expires_at from unlocks u join contents c on c.id = u.content_id
   where u.fan_id = ? and c.creator_id = ? and u.purchased_at <= ? and u.expires_at > ?`,
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

const app = Fastify({ logger: false });
app.get('/api/creators/:username', async (request, reply) => {
  const now = Date.now();
  const creator = creatorByHandle.get(request.params.username);
  if (creator === undefined) return reply.code(404).send({ error: 'not found' });
  const fanId = fanOf(request.headers.cookie, now);
  if (fanId === null) return reply.code(401).send({ error: 'this baseline serves signed-in fans only' });
  const unlocks = new Map(runningUnlocks.all(fanId, creator.user_id, now, now).map((row) => [row.content_id, row]));
  const items = publicItems.all(creator.user_id).map((row) => {
    const unlock = unlocks.get(row.id);
    return {
      id: row.id,
      creatorId: row.creator_id,
      title: row.title,
      description: row.description,
      pricePaise: row.price_paise,
      isAdultContent: row.is_adult_content === 1,
      mediaKind: row.media_kind,
      previewUrl: mediaUrls.preview(row.id),
      createdAt: row.created_at,
      access:
        unlock === undefined
          ? { kind: 'locked' }
          : {
              kind: 'unlocked',
              purchasedAt: unlock.purchased_at,
              expiresAt: unlock.expires_at,
              daysLeft: unlockDaysLeft(unlock.purchased_at, now),
            },
      media:
        unlock === undefined
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
  });
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
    totalCount: items.length,
  };
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
