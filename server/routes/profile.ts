import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { AVATAR_MAX_BYTES } from '../../src/domain/avatar.js';
import { isLanguage } from '../../src/domain/languages.js';
import {
  canDeleteAvatar,
  canEditContact,
  canEditPersonalData,
  companyDataSchema,
  contactDataSchema,
  personalDataSchema,
  profileSettingsSchema,
  type Profile,
} from '../../src/domain/profile.js';
import type { Db, Tx } from '../db/client.js';
import { addresses, contacts, userProfiles, users } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { readPng } from '../lib/png.js';
import { parseId } from '../lib/rest-query.js';
import { avatarKey } from '../services/file-storage.js';
import { sessionUser } from '../lib/request.js';
import { readBody } from '../lib/validation.js';

export async function loadProfile(db: Db, userId: number): Promise<Profile> {
  const [row] = await db
    .select({ user: users, profile: userProfiles, address: addresses, contact: contacts })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(addresses, eq(addresses.id, userProfiles.addressId))
    .leftJoin(contacts, eq(contacts.id, userProfiles.contactId))
    .where(eq(users.id, userId));
  if (!row) throw ApiError.notFound();
  return {
    user: { userID: row.user.id, userLogin: row.user.login, language: isLanguage(row.user.language) ? row.user.language : 'de', email: row.user.email },
    userProfile: {
      firstName: row.profile.firstName,
      lastName: row.profile.lastName,
      hasProfileImage: row.profile.hasProfileImage ? 1 : 0,
      dailyStatusMail: row.profile.dailyStatusMail,
    },
    isExternalLogin: row.user.isExternalLogin,
    address: {
      name: row.address?.name ?? '',
      street1: row.address?.street1 ?? '',
      street2: row.address?.street2 ?? '',
      zip: row.address?.zip ?? '',
      city: row.address?.city ?? '',
    },
    contact: { officePhone: row.contact?.officePhone ?? '', companyMobile: row.contact?.companyMobile ?? '' },
  };
}

/** The profile row of a user, with an address and a contact row created on first use. */
async function profileLinks(tx: Tx, userId: number) {
  const [profile] = await tx.select().from(userProfiles).where(eq(userProfiles.userId, userId)).for('update');
  if (!profile) throw ApiError.notFound();
  let { addressId, contactId } = profile;
  if (!addressId) {
    [{ id: addressId }] = await tx.insert(addresses).values({}).returning({ id: addresses.id });
    await tx.update(userProfiles).set({ addressId }).where(eq(userProfiles.userId, userId));
  }
  if (!contactId) {
    [{ id: contactId }] = await tx.insert(contacts).values({}).returning({ id: contacts.id });
    await tx.update(userProfiles).set({ contactId }).where(eq(userProfiles.userId, userId));
  }
  return { addressId, contactId };
}

async function answerProfile(c: Context<AppEnv>, userId: number) {
  return c.json({ data: await loadProfile(c.get('db'), userId) });
}

export const profileRoutes = new Hono<AppEnv>();

profileRoutes.get('/profile', async (c) => answerProfile(c, sessionUser(c).id));

profileRoutes.post('/profilesettings', async (c) => {
  const user = sessionUser(c);
  const input = await readBody(c, profileSettingsSchema);
  await c.get('db').update(userProfiles).set({ dailyStatusMail: input.dailyStatusMail, updatedAt: new Date() }).where(eq(userProfiles.userId, user.id));
  return answerProfile(c, user.id);
});

profileRoutes.post('/profileuserprofile', async (c) => {
  const user = sessionUser(c);
  if (!canEditPersonalData(user)) throw ApiError.forbidden();
  const input = await readBody(c, personalDataSchema);
  await c.get('db').update(userProfiles).set({ ...input, updatedAt: new Date() }).where(eq(userProfiles.userId, user.id));
  return answerProfile(c, user.id);
});

profileRoutes.post('/profileaddress', async (c) => {
  const user = sessionUser(c);
  const input = await readBody(c, companyDataSchema);
  await c.get('db').transaction(async (tx) => {
    const { addressId } = await profileLinks(tx, user.id);
    await tx.update(addresses).set({ ...input, updatedAt: new Date() }).where(eq(addresses.id, addressId));
  });
  return answerProfile(c, user.id);
});

profileRoutes.post('/profilecontact', async (c) => {
  const user = sessionUser(c);
  const input = await readBody(c, contactDataSchema);
  const db = c.get('db');
  const profile = await loadProfile(db, user.id);
  if (!canEditContact(profile)) throw new ApiError(409, [{ key: 'PROFILE.ContactNeedsName' }]);
  await db.transaction(async (tx) => {
    const { contactId } = await profileLinks(tx, user.id);
    await tx.update(contacts).set({ ...input, updatedAt: new Date() }).where(eq(contacts.id, contactId));
  });
  return answerProfile(c, user.id);
});

/** Avatar upload: multipart field `image`, a PNG of at most 5 MB whose structure is checked (the body limit: body-limit.ts). */
profileRoutes.post('/profilefiles/thumbnail.png', async (c) => {
  const user = sessionUser(c);
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new ApiError(415, [{ key: 'PROFILE.AvatarDialog.MultipartRequired' }]);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw ApiError.badRequest('PROFILE.AvatarDialog.MultipartRequired');
  }
  const image = form.get('image');
  if (!(image instanceof File)) throw ApiError.badRequest('VALIDATION.IsRequired', 'image');
  if (image.size > AVATAR_MAX_BYTES) throw new ApiError(413, [{ key: 'PROFILE.AvatarDialog.TooLarge', params: { max: '5 MB' } }]);
  const bytes = Buffer.from(await image.arrayBuffer());
  if (!readPng(bytes)) throw new ApiError(422, [{ key: 'PROFILE.AvatarDialog.NotAnImage', reference: 'image' }]);
  await c.get('files').put(avatarKey(user.id), bytes);
  await c.get('db').update(userProfiles).set({ hasProfileImage: true, updatedAt: new Date() }).where(eq(userProfiles.userId, user.id));
  return answerProfile(c, user.id);
});

profileRoutes.delete('/profilefiles/thumbnail.png', async (c) => {
  const user = sessionUser(c);
  const db = c.get('db');
  const profile = await loadProfile(db, user.id);
  if (profile.isExternalLogin) throw ApiError.forbidden();
  if (!canDeleteAvatar(profile)) throw ApiError.notFound();
  await db.update(userProfiles).set({ hasProfileImage: false, updatedAt: new Date() }).where(eq(userProfiles.userId, user.id));
  await c.get('files').delete(avatarKey(user.id));
  return answerProfile(c, user.id);
});

/** Any signed-in user may see avatars (members see each other's); `?ts=` busts caches after a change. */
profileRoutes.get('/profilefiles/:userId/thumbnail.png', async (c) => {
  sessionUser(c);
  const userId = parseId(c.req.param('userId'));
  const [profile] = await c.get('db').select({ has: userProfiles.hasProfileImage }).from(userProfiles).where(eq(userProfiles.userId, userId));
  const bytes = profile?.has ? await c.get('files').get(avatarKey(userId)) : null;
  if (!bytes) throw ApiError.notFound();
  c.header('Content-Type', 'image/png');
  c.header('Cache-Control', c.req.query('ts') ? 'private, max-age=31536000, immutable' : 'private, no-cache');
  c.header('Content-Disposition', 'inline; filename="thumbnail.png"');
  return c.body(new Uint8Array(bytes));
});
