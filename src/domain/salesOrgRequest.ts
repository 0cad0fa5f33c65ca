import { z } from 'zod';
import type { Profile } from './profile';
import { hasControlCharacters, MESSAGE, requiredOr } from './validation';

/**
 * The dashboard's request to a sales organisation to set up a new root project
 * (`POST api/data/planxchange/email/send`): the sender's data as the profile holds it, missing values "N/A".
 */
export interface SalesOrgRequest {
  SenderMail: string;
  RecipientMail: string;
  SenderUserID: number;
  FirstName: string;
  LastName: string;
  Company: string;
  Street1: string;
  Street2: string;
  ZIP: string;
  City: string;
  Phone: string;
}

/** The spec's stand-in for a value the profile does not hold. */
export const NOT_AVAILABLE = 'N/A';
export const SALES_ORG_REQUEST_TEXT_MAX = 200;
export const SALES_ORG_REQUEST_MAIL_MAX = 254;
/** At most this many requests per user within one hour (the portal is no mail relay). */
export const SALES_ORG_REQUESTS_PER_HOUR = 5;
export const SALES_ORG_REQUEST_WINDOW_MS = 60 * 60_000;
/** The outbox `kind` of these mails (counted for the hourly limit). */
export const SALES_ORG_REQUEST_KIND = 'salesorg-request';

export const SALES_ORG_REQUEST_MESSAGE = {
  invalidEmail: 'VALIDATION.InvalidEmail',
  senderMismatch: 'MAIL.SalesOrgRequest.SenderMismatch',
  unknownRecipient: 'MAIL.SalesOrgRequest.UnknownRecipient',
  tooMany: 'MAIL.SalesOrgRequest.TooMany',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const mail = z
  .string({ error: requiredOr() })
  .trim()
  .min(1, MESSAGE.required)
  .max(SALES_ORG_REQUEST_MAIL_MAX, MESSAGE.tooLong)
  .regex(EMAIL, SALES_ORG_REQUEST_MESSAGE.invalidEmail);

/** A text field: must be present, at most 200 characters; an empty value counts as "N/A". */
const text = z
  .string({ error: requiredOr() })
  .trim()
  .max(SALES_ORG_REQUEST_TEXT_MAX, MESSAGE.tooLong)
  .refine((value) => !hasControlCharacters(value), MESSAGE.invalidCharacters)
  .transform((value) => value || NOT_AVAILABLE);

export const salesOrgRequestSchema = z.strictObject({
  SenderMail: mail,
  RecipientMail: mail,
  SenderUserID: z.number({ error: requiredOr() }).int(MESSAGE.invalidValue).positive(MESSAGE.invalidValue),
  FirstName: text,
  LastName: text,
  Company: text,
  Street1: text,
  Street2: text,
  ZIP: text,
  City: text,
  Phone: text,
});

/** The fields of the mail, in the order the confirm dialog and the mail list them. */
export const SALES_ORG_REQUEST_FIELDS = ['FirstName', 'LastName', 'Company', 'Street1', 'Street2', 'ZIP', 'City', 'Phone', 'SenderMail'] as const;

const orNotAvailable = (value: string | undefined | null) => value?.trim() || NOT_AVAILABLE;

/** The request body the dashboard sends for the signed-in user's profile to one sales organisation's contact mail. */
export function salesOrgRequestFromProfile(profile: Profile, recipientMail: string): SalesOrgRequest {
  return {
    SenderMail: orNotAvailable(profile.user.email),
    RecipientMail: recipientMail,
    SenderUserID: profile.user.userID,
    FirstName: orNotAvailable(profile.userProfile.firstName),
    LastName: orNotAvailable(profile.userProfile.lastName),
    Company: orNotAvailable(profile.address.name),
    Street1: orNotAvailable(profile.address.street1),
    Street2: orNotAvailable(profile.address.street2),
    ZIP: orNotAvailable(profile.address.zip),
    City: orNotAvailable(profile.address.city),
    Phone: orNotAvailable(profile.contact.officePhone || profile.contact.companyMobile),
  };
}
