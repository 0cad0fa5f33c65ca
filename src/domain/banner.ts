import { z } from 'zod';
import { MESSAGE, requiredOr, requiredText } from './validation';

export { BANNER_LEVEL_COLORS, BANNER_LEVELS, type BannerLevel } from './bannerLevels';
import { BANNER_LEVELS, type BannerLevel } from './bannerLevels';

export const BANNER_PAGE_SIZES = [10, 20, 50, 100] as const;
export const BANNER_DEFAULT_DURATION_MS = 24 * 60 * 60 * 1000;
export const BANNER_TITLE_MAX = 200;
export const BANNER_TEXT_MAX = 2000;

export interface BannerNotification {
  id: number;
  notificationID: number;
  title: string;
  text: string;
  level: BannerLevel;
  showFrom: string;
  showUntil: string;
  salesOrgs: number[];
}

const isoDateTime = z
  .string({ error: requiredOr() })
  .min(1, MESSAGE.required)
  .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value), MESSAGE.invalidDate);

const bannerFields = {
  title: requiredText(BANNER_TITLE_MAX),
  text: requiredText(BANNER_TEXT_MAX),
  level: z.enum(BANNER_LEVELS, { error: requiredOr(MESSAGE.invalidValue) }),
  showFrom: isoDateTime,
  showUntil: isoDateTime,
  salesOrgs: z
    .array(z.number({ error: MESSAGE.invalidType }).int(MESSAGE.invalidType).positive(MESSAGE.invalidValue), { error: requiredOr() })
    .min(1, MESSAGE.required)
    .max(500, MESSAGE.tooLong),
};

function periodIsOrdered(value: { showFrom?: string; showUntil?: string }): boolean {
  if (!value || typeof value !== 'object') return true;
  const from = Date.parse(value.showFrom ?? '');
  const until = Date.parse(value.showUntil ?? '');
  // A missing or unreadable date is reported by its own field, not as an ordering problem.
  if (Number.isNaN(from) || Number.isNaN(until)) return true;
  return until > from;
}

// `when`: check the order even while other fields are still invalid, so the form shows it at once.
const periodRule = { message: MESSAGE.endBeforeStart, path: ['showUntil'], when: () => true };

/** A new banner: every field required. Used by the dialog and by POST. */
export const bannerCreateSchema = z.strictObject(bannerFields).refine(periodIsOrdered, periodRule);

/** A change: any subset of the fields (the app sends only what changed). */
export const bannerUpdateSchema = z.strictObject(bannerFields).partial();

export type BannerInput = z.infer<typeof bannerCreateSchema>;

export function bannerDefaults(now: Date = new Date()): Omit<BannerInput, 'title' | 'text' | 'level'> & { level: BannerLevel } {
  return {
    level: 'info',
    showFrom: now.toISOString(),
    showUntil: new Date(now.getTime() + BANNER_DEFAULT_DURATION_MS).toISOString(),
    salesOrgs: [],
  };
}

export function isBannerActive(banner: Pick<BannerNotification, 'showFrom' | 'showUntil'>, now: Date = new Date()): boolean {
  return Date.parse(banner.showFrom) <= now.getTime() && now.getTime() < Date.parse(banner.showUntil);
}

export { periodIsOrdered as bannerPeriodIsOrdered };
