/**
 * Where tenant and sales organisation logos are stored (the logo route, the tenant administration and the seeds).
 */
const LOGO_ID = /^([1-9]\d{0,9})(?:_([1-9]\d{0,9}))?$/;

export const tenantLogoKey = (logoId: string) => `tenants/${logoId}.png`;

/**
 * The storage keys to try for a logo id (`{tenantID}` or `{tenantID}_{salesOrgID}`), most specific
 * first: a sales organisation's own logo, else its tenant's. Null for anything else.
 */
export function logoKeys(logoId: string): string[] | null {
  const match = LOGO_ID.exec(logoId);
  if (!match) return null;
  return match[2] ? [tenantLogoKey(logoId), tenantLogoKey(match[1])] : [tenantLogoKey(logoId)];
}
