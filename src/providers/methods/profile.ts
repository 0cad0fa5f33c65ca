import type { Language } from '../../domain/languages';
import type { Profile } from '../../domain/profile';
import type { SalesOrgRequest } from '../../domain/salesOrgRequest';
import { API_BASE, getJson, sendForm, sendJson } from './request';

/** The profile's editable parts, each saved by its own call (`POST planxchange/{part}`). */
export type ProfilePart = 'profileuserprofile' | 'profileaddress' | 'profilecontact';

/** Profile writes answer `{data: Profile}` (the profile as it is now) where the server sends it. */
const profileOf = (answer: unknown) => (answer as { data?: Profile } | undefined)?.data;
const AVATAR_URL = `${API_BASE}/profilefiles/thumbnail.png`;

/** The signed-in user's own profile and account (the profile page, the sales-organisation request). */
export const profileMethods = {
  getProfile: async () => (await getJson<{ data: Profile }>(`${API_BASE}/profile`)).data,
  saveProfilePart: async (part: ProfilePart, body: Record<string, unknown>) => profileOf(await sendJson(`${API_BASE}/${part}`, 'POST', body)),
  saveProfileSettings: async (settings: { dailyStatusMail: boolean }) => profileOf(await sendJson(`${API_BASE}/profilesettings`, 'POST', settings)),
  saveLanguage: async (userId: number, language: Language) => profileOf(await sendJson(`${API_BASE}/users/${userId}`, 'PUT', { languageKey: language })),
  async uploadAvatar(png: Blob) {
    const form = new FormData();
    form.append('image', png, 'thumbnail.png');
    return profileOf(await sendForm(AVATAR_URL, form));
  },
  deleteAvatar: async () => profileOf(await sendJson(AVATAR_URL, 'DELETE')),
  changePassword: async (values: { oldPassword: string; newPassword: string; confirmNewPassword: string }) => {
    await sendJson<unknown>('/api/account/planxchange/password', 'PUT', values);
  },
  /** Sends the mail with the deletion link. */
  requestAccountDeletion: async () => {
    await sendJson<unknown>('/api/account/delete', 'POST');
  },
  /** The request for a new project, queued as a mail to the sales organisation. */
  sendSalesOrgRequest: async (request: SalesOrgRequest) => {
    await sendJson<unknown>(`${API_BASE}/email/send`, 'POST', request);
  },
};

/** The pages reached from mails, signed in or not (account deletion link, invitation link). */
export const accountMethods = {
  /** Answers the server's messages (its confirmation text). */
  confirmAccountDeletion: (token: string) => sendJson<unknown>('/api/account/delete/confirm', 'POST', { token }),
  setPassword: async (request: { token: string; password?: string; confirmPassword?: string }) => {
    await sendJson<unknown>('/api/account/set-password', 'POST', request);
  },
};
