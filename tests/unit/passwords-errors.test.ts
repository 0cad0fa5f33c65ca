import { describe, expect, it } from 'vitest';
import { fromDatabaseError } from '../../server/lib/db-errors';
import { errorBody, ApiError } from '../../server/lib/errors';
import { translate } from '../../server/lib/i18n';
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from '../../server/lib/passwords';

describe('password hashing', () => {
  it('scrypt hashes with a random salt and verifies', async () => {
    const a = await hashPassword('Portal-Demo-1');
    const b = await hashPassword('Portal-Demo-1');
    expect(a.startsWith(`scrypt$${SCRYPT_PARAMS.N}$8$1$`)).toBe(true);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Portal-Demo-1', a)).toBe(true);
    expect(await verifyPassword('portal-demo-1', a)).toBe(false);
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});

describe('database errors', () => {
  const wrapped = (code: string, message = '', detail = '') => ({ message: 'Failed query', cause: { code, message, detail } });
  it.each([
    ['23001', '', '', 409],
    ['23503', 'violates foreign key', 'Key (id)=(1) is still referenced from table "x".', 409],
    ['23503', 'violates foreign key', 'Key (x)=(9) is not present in table "y".', 422],
    ['23505', '', '', 409],
    ['23514', '', '', 422],
    ['22001', '', '', 400],
    ['40001', '', '', 409],
  ])('%s → %s', (code, message, detail, status) => {
    expect(fromDatabaseError(wrapped(code, message, detail))?.status).toBe(status);
  });
  it('leaves other errors alone (they are 500s)', () => {
    expect(fromDatabaseError(new Error('boom'))).toBeUndefined();
    expect(fromDatabaseError(wrapped('XX000'))).toBeUndefined();
  });
});

describe('error body', () => {
  it('has the messages shape, translated, with reference and key', () => {
    const body = errorBody(new ApiError(400, [{ key: 'VALIDATION.IsRequired', reference: 'title' }]), 'de');
    expect(body).toEqual({ status: 400, messages: [{ type: 'error', text: 'Dieses Feld muss ausgefüllt werden.', reference: 'title', key: 'VALIDATION.IsRequired' }] });
  });
  it('fills parameters and falls back to English, then to the key', () => {
    expect(translate('nl', 'ERRORMESSAGES.UnknownSortField', { field: 'x' })).toBe('Er kan niet op x worden gesorteerd.');
    expect(translate('fr', 'ERRORMESSAGES.NotFound')).toBe('Nicht gefunden.');
    expect(translate('en', 'NO.SUCH.KEY')).toBe('NO.SUCH.KEY');
  });
});
