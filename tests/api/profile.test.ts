import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfiles, users } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';
import { makePng } from './png-fixture.js';

const P = '/api/data/planxchange';
let t: TestContext;
let customer: string;
let partner: string;

beforeAll(async () => {
  t = await createTestContext();
  customer = await t.login('customer');
  partner = await t.login('partner');
});
afterAll(async () => t.close());

async function profileOf(cookie: string) {
  return (await (await t.request('GET', `${P}/profile`, { cookie })).json()).data;
}

function upload(cookie: string, bytes: Uint8Array | string, field = 'image', type = 'image/png') {
  const form = new FormData();
  form.append(field, new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }), "thumbnail.png");
  return t.app.request(`http://localhost${P}/profilefiles/thumbnail.png`, { method: 'POST', headers: { cookie }, body: form });
}

describe('GET profile', () => {
  it('answers the spec’s shape under data', async () => {
    const response = await t.request('GET', `${P}/profile`, { cookie: customer });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data).toEqual({
      user: { userID: expect.any(Number), userLogin: 'customer', language: 'en', email: 'customer@bouwbedrijf.example' },
      userProfile: { firstName: 'Kees', lastName: 'Klant', hasProfileImage: 0, dailyStatusMail: false },
      isExternalLogin: false,
      address: { name: 'Bouwbedrijf Van Dijk B.V.', street1: 'Havenweg 12', street2: '', zip: '3011 AB', city: 'Rotterdam' },
      contact: { officePhone: '+31 10 555 1200', companyMobile: '' },
    });
  });
  it('needs a session', async () => {
    await expectErrorShape(await t.request('GET', `${P}/profile`), 401);
  });
});

describe('POST profileuserprofile', () => {
  it('changes first and last name', async () => {
    const response = await t.request('POST', `${P}/profileuserprofile`, { cookie: customer, body: { firstName: 'Karel', lastName: 'de Klant' } });
    expect(response.status).toBe(200);
    expect((await response.json()).data.userProfile).toMatchObject({ firstName: 'Karel', lastName: 'de Klant' });
    expect((await (await t.request('GET', '/api/auth/me', { cookie: customer })).json()).firstName).toBe('Karel');
  });
  it.each([
    [{ firstName: '', lastName: 'X' }, 'firstName'],
    [{ firstName: 'X' }, 'lastName'],
    [{ firstName: 1, lastName: 'X' }, 'firstName'],
    [{ firstName: 'x'.repeat(121), lastName: 'X' }, 'firstName'],
    [{ firstName: 'X', lastName: 'Y', login: 'root' }, 'login'],
  ])('refuses %j with 400, storing nothing', async (body, reference) => {
    const before = await profileOf(customer);
    const messages = await expectErrorShape(await t.request('POST', `${P}/profileuserprofile`, { cookie: customer, body }), 400);
    expect(messages.map((m) => m.reference)).toContain(reference);
    expect(await profileOf(customer)).toEqual(before);
  });
  it('an external login gets 403 and nothing changes', async () => {
    await expectErrorShape(await t.request('POST', `${P}/profileuserprofile`, { cookie: partner, body: { firstName: 'A', lastName: 'B' } }), 403);
    expect((await profileOf(partner)).userProfile.firstName).toBe('Paul');
  });
});

describe('POST profilesettings', () => {
  it('switches the daily status mail', async () => {
    const response = await t.request('POST', `${P}/profilesettings`, { cookie: customer, body: { dailyStatusMail: true } });
    expect((await response.json()).data.userProfile.dailyStatusMail).toBe(true);
  });
  it.each([[{}], [{ dailyStatusMail: 'yes' }], [{ dailyStatusMail: true, language: 'de' }]])('refuses %j with 400', async (body) => {
    await expectErrorShape(await t.request('POST', `${P}/profilesettings`, { cookie: customer, body }), 400);
  });
});

describe('POST profileaddress', () => {
  it('saves the company data', async () => {
    const body = { name: 'Van Dijk Bouw', street1: 'Kade 1', street2: 'Unit 4', zip: '3012 CD', city: 'Rotterdam' };
    const response = await t.request('POST', `${P}/profileaddress`, { cookie: customer, body });
    expect((await response.json()).data.address).toEqual(body);
  });
  it('works for a user without an address yet', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.login, 'drafter'));
    await t.db.update(userProfiles).set({ addressId: null }).where(eq(userProfiles.userId, row.id));
    const cookie = await t.login('drafter');
    const body = { name: 'Nordstein', street1: '', street2: '', zip: '', city: 'Bremen' };
    expect((await (await t.request('POST', `${P}/profileaddress`, { cookie, body })).json()).data.address).toEqual(body);
  });
  it.each([
    [{ name: 'x'.repeat(201), street1: '', street2: '', zip: '', city: '' }, 'name'],
    [{ name: 'A', street1: '', street2: '', zip: 12345, city: '' }, 'zip'],
    [{ name: 'A', street1: '', street2: '', zip: '', city: '', country: 'NL' }, 'country'],
    [{ name: 'A\u0000', street1: '', street2: '', zip: '', city: '' }, 'name'],
  ])('refuses %j with 400', async (body, reference) => {
    const before = await profileOf(customer);
    const messages = await expectErrorShape(await t.request('POST', `${P}/profileaddress`, { cookie: customer, body }), 400);
    expect(messages.map((m) => m.reference)).toContain(reference);
    expect(await profileOf(customer)).toEqual(before);
  });
});

describe('POST profilecontact', () => {
  it('saves the contact data', async () => {
    const body = { officePhone: '+31 10 555 1299', companyMobile: '+31 6 1234 5678' };
    expect((await (await t.request('POST', `${P}/profilecontact`, { cookie: customer, body })).json()).data.contact).toEqual(body);
  });
  it('refuses letters in a phone number', async () => {
    const messages = await expectErrorShape(await t.request('POST', `${P}/profilecontact`, { cookie: customer, body: { officePhone: 'call me', companyMobile: '' } }), 400);
    expect(messages[0]).toMatchObject({ reference: 'officePhone', key: 'VALIDATION.InvalidPhone' });
  });
  it('needs first and last name first (409)', async () => {
    const cookie = await t.login('configurer');
    const [row] = await t.db.select().from(users).where(eq(users.login, 'configurer'));
    await t.db.update(userProfiles).set({ lastName: '' }).where(eq(userProfiles.userId, row.id));
    await expectErrorShape(await t.request('POST', `${P}/profilecontact`, { cookie, body: { officePhone: '1', companyMobile: '' } }), 409);
  });
});

describe('avatar', () => {
  it('uploads a PNG, serves it with cache busting, and deletes it', async () => {
    const png = makePng(64, 64);
    const response = await upload(customer, png);
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.userProfile.hasProfileImage).toBe(1);
    const image = await t.request('GET', `${P}/profilefiles/${data.user.userID}/thumbnail.png?ts=123`, { cookie: customer });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toContain('max-age=31536000');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    // Other users see it too (members see each other's thumbnails).
    expect((await t.request('GET', `${P}/profilefiles/${data.user.userID}/thumbnail.png`, { cookie: partner })).status).toBe(200);

    const deleted = await t.request('DELETE', `${P}/profilefiles/thumbnail.png`, { cookie: customer });
    expect((await deleted.json()).data.userProfile.hasProfileImage).toBe(0);
    await expectErrorShape(await t.request('GET', `${P}/profilefiles/${data.user.userID}/thumbnail.png`, { cookie: customer }), 404);
    await expectErrorShape(await t.request('DELETE', `${P}/profilefiles/thumbnail.png`, { cookie: customer }), 404);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([makePng(8, 8), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    await expectErrorShape(await upload(customer, big), 413);
    expect((await profileOf(customer)).userProfile.hasProfileImage).toBe(0);
  });

  it.each([
    ['text pretending to be a PNG', Buffer.from('hello, this is not an image at all, just some text to fill the bytes up')],
    ['a JPEG header', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)])],
    ['a truncated PNG', makePng(16, 16).subarray(0, 60)],
    ['a PNG with a broken checksum', (() => { const b = Buffer.from(makePng(16, 16)); b[40] ^= 0xff; return b; })()],
    ['a PNG too large in pixels', makePng(5000, 1)],
  ])('refuses %s with 422 and stores nothing', async (_name, bytes) => {
    await expectErrorShape(await upload(customer, bytes), 422);
    expect((await profileOf(customer)).userProfile.hasProfileImage).toBe(0);
  });

  it('refuses a missing image field (400) and a non-multipart body (415)', async () => {
    await expectErrorShape(await upload(customer, makePng(8, 8), 'picture'), 400);
    await expectErrorShape(await t.request('POST', `${P}/profilefiles/thumbnail.png`, { cookie: customer, body: { image: 'x' } }), 415);
  });

  it('an external login may upload but not delete its avatar', async () => {
    expect((await upload(partner, makePng(32, 32))).status).toBe(200);
    await expectErrorShape(await t.request('DELETE', `${P}/profilefiles/thumbnail.png`, { cookie: partner }), 403);
    expect((await profileOf(partner)).userProfile.hasProfileImage).toBe(1);
  });

  it('serves the seeded demo avatars', async () => {
    const me = await (await t.request('GET', '/api/auth/me', { cookie: await t.login('staff') })).json();
    expect(me.hasProfileImage).toBe(true);
    const image = await t.request('GET', `${P}/profilefiles/${me.id}/thumbnail.png`, { cookie: customer });
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('unknown users’ avatars are 404', async () => {
    await expectErrorShape(await t.request('GET', `${P}/profilefiles/99999/thumbnail.png`, { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', `${P}/profilefiles/abc/thumbnail.png`, { cookie: customer }), 404);
  });
});
