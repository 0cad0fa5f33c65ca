import { z } from 'zod';
import { bannerCreateSchema, bannerUpdateSchema } from '../../src/domain/banner.js';
import { salesOrgCreateSchema, salesOrgUpdateSchema } from '../../src/domain/masterData.js';
import { passwordChangeSchema } from '../../src/domain/password.js';
import { companyDataSchema, contactDataSchema, personalDataSchema, profileSettingsSchema } from '../../src/domain/profile.js';
import { salesOrgRequestSchema } from '../../src/domain/salesOrgRequest.js';
import { userCreateSchema, userUpdateSchema } from '../../src/domain/users.js';
import { confirmSchema, loginSchema, setPasswordRequestSchema, bulkSchema } from '../lib/request-schemas.js';
import { DATA, id, op, png, resource } from './registry.js';
import { BannerRecord, InfoMessage, MailRecord, Profile, SalesOrgRecord, SessionUserSchema, UserRecordSchema } from './schemas.js';

const tags = { auth: ['Sign-in and account'], profile: ['Profile'], admin: ['Administration'], banners: ['Banners'], orgs: ['Sales organisations'] };
const ts = z.object({ ts: z.string().optional() });
const image = z.object({ image: z.string().openapi({ format: 'binary' }) });

op('get', '/api/health', { tags: ['Service'], public: true, summary: 'Liveness: `{status:"ok"}` once the server is ready', responses: { 200: z.object({ status: z.literal('ok') }) } });
const readiness = z.object({
  status: z.enum(['ready', 'starting', 'stopping', 'unavailable']),
  checks: z.object({ database: z.enum(['ok', 'unreachable']), migrations: z.enum(['ok', 'pending', 'unknown']) }).optional(),
});
op('get', '/api/ready', { tags: ['Service'], public: true, summary: 'Readiness: database reachable and every migration applied', description: '503 while the server starts, stops or cannot reach its database.', responses: { 200: readiness, 503: readiness } });
op('get', '/metrics', { tags: ['Service'], public: true, summary: 'Prometheus metrics (`Authorization: Bearer METRICS_TOKEN`)', description: '401 without the right token; 404 when no token is configured.', responses: { 200: { contentType: 'text/plain', description: 'Prometheus text format' } } });
op('get', '/api/auth/oidc', {
  tags: tags.auth,
  public: true,
  summary: 'Whether single sign-on is offered, and the provider’s name',
  responses: { 200: z.union([z.object({ enabled: z.literal(true), displayName: z.string(), loginUrl: z.string() }), z.object({ enabled: z.literal(false) })]) },
});
op('get', '/api/auth/oidc/login', { tags: tags.auth, public: true, summary: 'Start single sign-on: redirect to the provider (authorization code, PKCE)', query: z.object({ returnTo: z.string().optional(), locale: z.string().optional() }), responses: { 302: { empty: 'To the provider, or to the refusal page when it cannot be reached' } } });
op('get', '/api/auth/oidc/callback', { tags: tags.auth, public: true, summary: 'The provider’s redirect: sign in, or explain the refusal', query: z.object({ code: z.string().optional(), state: z.string().optional(), iss: z.string().optional() }), responses: { 302: { empty: 'To returnTo, signed in; or to /account/sign-in-refused?reason=…' } } });
op('post', '/api/auth/login', { tags: tags.auth, public: true, summary: 'Sign in; sets the session cookie `pxsid`', description: '401 wrong login or password, 429 locked (5 failures in 15 min).', body: loginSchema, responses: { 200: SessionUserSchema } });
op('post', '/api/auth/logout', { tags: tags.auth, summary: 'End the session', responses: { 204: { empty: 'Signed out' } } });
op('get', '/api/auth/session', { tags: tags.auth, summary: 'The signed-in user, or null without a session (no 401)', responses: { 200: z.object({ user: z.union([SessionUserSchema, z.null()]) }) } });
op('get', '/api/auth/me', { tags: tags.auth, summary: 'The signed-in user', responses: { 200: SessionUserSchema } });
op('get', '/Account/SignOut', {
  tags: tags.auth,
  public: true,
  summary: 'End the session and redirect to the login page (or the provider\'s logout) when followed from the portal\'s own pages; from elsewhere nobody is signed out (to /home/app/)',
  responses: { 302: { empty: 'To /home/app/login, the provider\'s logout, or /home/app/' } },
});
op('post', '/Account/SignOut', { tags: tags.auth, public: true, summary: 'End the session (own origin only)', responses: { 303: { empty: 'To /home/app/login or the provider\'s logout' } } });
op('get', '/assets/i18n/:file', { tags: ['Service'], public: true, summary: 'Translations (`de.json`, `en.json`, `nl.json`)', responses: { 200: z.record(z.string(), z.unknown()) } });

op('put', '/api/account/planxchange/password', { tags: tags.auth, summary: 'Change the own password (ends the other sessions)', body: passwordChangeSchema, responses: { 200: InfoMessage } });
op('post', '/api/account/delete', { tags: tags.auth, summary: 'Ask for the account deletion link by mail', responses: { 202: InfoMessage } });
op('post', '/api/account/delete/confirm', { tags: tags.auth, public: true, summary: 'Delete the account with the mailed token', body: confirmSchema, responses: { 200: InfoMessage } });
op('post', '/api/account/set-password', { tags: tags.auth, public: true, summary: 'Set the first password with an invitation token', body: setPasswordRequestSchema, responses: { 200: InfoMessage } });

op('get', `${DATA}/profile`, { tags: tags.profile, summary: 'The own profile', responses: { 200: Profile } });
op('post', `${DATA}/profilesettings`, { tags: tags.profile, summary: 'Profile settings (daily status mail)', body: profileSettingsSchema, responses: { 200: Profile } });
op('post', `${DATA}/profileuserprofile`, { tags: tags.profile, summary: 'First and last name', body: personalDataSchema, responses: { 200: Profile } });
op('post', `${DATA}/profileaddress`, { tags: tags.profile, summary: 'Company address', body: companyDataSchema, responses: { 200: Profile } });
op('post', `${DATA}/profilecontact`, { tags: tags.profile, summary: 'Phone numbers', body: contactDataSchema, responses: { 200: Profile } });
op('post', `${DATA}/profilefiles/thumbnail.png`, { tags: tags.profile, summary: 'Upload the avatar (PNG ≤ 5 MB)', multipart: image, responses: { 200: Profile } });
op('delete', `${DATA}/profilefiles/thumbnail.png`, { tags: tags.profile, summary: 'Remove the avatar', responses: { 200: Profile } });
op('get', `${DATA}/profilefiles/:userId/thumbnail.png`, { tags: tags.profile, summary: 'A user’s avatar', query: ts, responses: { 200: png } });

op('put', `${DATA}/users/:id`, { tags: tags.admin, summary: 'Change an account (admin) or the own language (`{languageKey}`)', description: 'A user’s own `{languageKey}` answers the session user; an admin’s change answers the account record.', body: userUpdateSchema, responses: { 200: z.union([UserRecordSchema, SessionUserSchema]) } });
resource(`${DATA}/users`, { tag: 'Administration', what: 'user accounts', record: UserRecordSchema, filters: 'isInternal, isExternalLogin, isActive, deleted, role, tenantID', sortable: 'id, login, email, createdAt, isActive, isInternal, language', create: userCreateSchema });
op('post', `${DATA}/users/deactivate`, { tags: tags.admin, summary: 'Deactivate accounts (all or nothing)', body: bulkSchema, responses: { 200: z.object({ data: z.array(id) }) } });
op('post', `${DATA}/users/:id/invite`, { tags: tags.admin, summary: 'Send a new invitation mail', responses: { 202: InfoMessage } });
resource(`${DATA}/mails`, { tag: 'Administration', what: 'mails of the outbox', record: MailRecord, filters: 'status, kind, recipient', sortable: 'id, createdAt, status, kind, recipient' });

resource(`${DATA}/banner-notifications`, { tag: 'Banners', what: 'banner notifications', record: BannerRecord, filters: 'level, salesOrg, activeAt', sortable: 'id, title, level, showFrom, showUntil', create: bannerCreateSchema, update: bannerUpdateSchema, remove: true });
op('get', '/api/banner-notifications/sales-orgs', { tags: tags.banners, summary: 'Sales organisations for the banner dialog (admin)', responses: { 200: z.array(SalesOrgRecord) } });
op('get', '/api/banner-notifications/active', { tags: tags.banners, summary: 'Banners active now for the user’s sales organisations, without those the user closed (until the banner changes)', responses: { 200: z.array(BannerRecord) } });
op('post', '/api/banner-notifications/:id/dismiss', { tags: tags.banners, summary: 'Close a banner shown to the user: it stays closed for this user until an administrator changes it', responses: { 204: { empty: 'Closed' } } });

resource(`${DATA}/salesorganisations`, { tag: 'Sales organisations', what: 'sales organisations', record: SalesOrgRecord, filters: 'tenantID', sortable: 'id, title, salesOrgKey, tenantID', create: salesOrgCreateSchema, update: salesOrgUpdateSchema, remove: true });
op('post', `${DATA}/salesorganisations/:id/image`, { tags: tags.orgs, summary: 'Upload the card image (PNG ≤ 1 MB)', multipart: image, responses: { 200: SalesOrgRecord } });
op('delete', `${DATA}/salesorganisations/:id/image`, { tags: tags.orgs, summary: 'Remove the card image', responses: { 200: SalesOrgRecord } });
op('get', `${DATA}/salesorganisations/:id/image.png`, { tags: tags.orgs, summary: 'The card image', query: ts, responses: { 200: png } });
op('post', `${DATA}/email/send`, { tags: tags.orgs, summary: 'Ask a sales organisation for a new root project (5 per hour)', body: salesOrgRequestSchema, responses: { 201: z.object({ queued: z.literal(true), mailID: id }) } });
