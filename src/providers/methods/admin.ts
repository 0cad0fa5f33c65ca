import type { BannerNotification } from '../../domain/banner';
import { API_BASE, getJson, sendForm, sendJson } from './request';

export interface CatalogueTenant {
  id: number;
  tenantID: number;
  name: string;
}

export interface BannerSalesOrg {
  id: number;
  salesOrgKey: string;
  title: string;
}

/** The brand images of the master data: a tenant's logo, a sales organisation's card image. */
export type BrandImage = { owner: 'tenant' | 'salesOrg'; id: number | string };
const brandImageUrl = ({ owner, id }: BrandImage) => (owner === 'tenant' ? `${API_BASE}/tenants/${id}/logo` : `${API_BASE}/salesorganisations/${id}/image`);

/** Administration calls that are not CRUD (banners, catalogues, users, brand images). */
export const adminMethods = {
  /** The banners active now for the user's sales organisations (every signed-in user). */
  getActiveBanners: () => getJson<BannerNotification[]>('/api/banner-notifications/active'),
  /** Closes a banner for the signed-in user (remembered on the server until the banner changes). */
  dismissBanner: async (id: number) => {
    await sendJson<unknown>(`/api/banner-notifications/${id}/dismiss`, 'POST', {});
  },
  /** The sales organisations a banner can address. */
  getBannerSalesOrgs: () => getJson<BannerSalesOrg[]>('/api/banner-notifications/sales-orgs'),
  /** The tenants a catalogue belongs to (`GET catalogue`), for the tenant select and filter. */
  getCatalogueTenants: () => getJson<CatalogueTenant[]>(`${API_BASE}/catalogue`),
  /** Deactivates users at once (their sessions end). */
  deactivateUsers: async (ids: number[]) => {
    await sendJson<unknown>(`${API_BASE}/users/deactivate`, 'POST', { ids });
  },
  /** Sends the invitation mail again; answers the server's messages. */
  inviteUser: (id: number | string) => sendJson<unknown>(`${API_BASE}/users/${id}/invite`, 'POST'),
  uploadBrandImage(image: BrandImage, file: File) {
    const form = new FormData();
    form.append('image', file);
    return sendForm<unknown>(brandImageUrl(image), form);
  },
  deleteBrandImage: (image: BrandImage) => sendJson<unknown>(brandImageUrl(image), 'DELETE'),
};
