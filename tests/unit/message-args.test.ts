import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { siteAddressSchema, reviewerChangeSchema } from '../../src/domain/projectUnits';
import { companyDataSchema } from '../../src/domain/profile';
import { zodResolver } from '../../src/forms/zodResolver';
import { withMessageArgs } from '../../src/providers/i18nProvider';

const messages = (language: string) => JSON.parse(readFileSync(join(import.meta.dirname, `../../i18n/${language}.json`), 'utf8'));

async function fieldMessage(schema: Parameters<typeof zodResolver>[0], values: Record<string, unknown>, field: string): Promise<string> {
  const result = await zodResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return String((result.errors as Record<string, { message: string }>)[field]?.message);
}

describe('length messages name their limit (no raw %{max})', () => {
  for (const language of ['de', 'en', 'nl']) {
    const i18n = withMessageArgs(polyglotI18nProvider(() => messages(language), language, [], { allowMissing: true }));
    it(`site address, reviewer e-mail and profile contact in ${language}`, async () => {
      const address = await fieldMessage(siteAddressSchema, { name: 'x'.repeat(201), street1: '', zip: '', city: '', country: '' }, 'name');
      const email = await fieldMessage(reviewerChangeSchema, { rootUnitId: 1, email: `${'a'.repeat(250)}@example.com` }, 'email');
      for (const message of [address, email]) {
        const text = i18n.translate(message, { _: message });
        expect(text).not.toContain('%{');
        expect(text).toMatch(/\b(200|254)\b/);
      }
      const company = await fieldMessage(companyDataSchema, { name: 'x'.repeat(201), street1: '', street2: '', zip: '', city: '' }, 'name');
      expect(i18n.translate(company)).not.toContain('%{');
      expect(i18n.translate(company)).toContain('200');
    });
  }
});
