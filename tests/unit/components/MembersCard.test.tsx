// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '../../../src/domain/members';
import { MembersCard } from '../../../src/resources/projects/members/MembersCard';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const member = (overrides: Partial<Member>): Member => ({
  userID: 1,
  userLogin: 'x',
  firstName: '',
  lastName: '',
  name: '',
  officePhone: '',
  companyMobile: '',
  officeFax: '',
  memberRoleKey: 'member',
  tenantID: null,
  salesOrgID: null,
  hasProfileImage: false,
  isDeleted: false,
  isInternal: false,
  ...overrides,
});

const MEMBERS: Member[] = [
  member({ userID: 4, userLogin: 'customer', firstName: 'Kees', lastName: 'Klant', name: 'Bouwbedrijf Van Dijk B.V.', officePhone: '+31 10 555 1200', email: 'customer@bouwbedrijf.example', memberRoleKey: 'reviewer' }),
  member({ userID: 2, userLogin: 'staff', firstName: 'Stefan', lastName: 'Planer', name: 'Nordstein Porenbeton GmbH', officePhone: '+49 421 555 0200', companyMobile: '+49 171 1', officeFax: '+49 421 9', memberRoleKey: 'salesPlanner', hasProfileImage: true }),
  member({ userID: 9, userLogin: 'odd', firstName: 'Olga', lastName: 'Odd', memberRoleKey: 'architect' }),
];

function stubFetch(status: number, body: unknown) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderCard(rootId = 5) {
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <MembersCard rootId={rootId} />
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('MembersCard', () => {
  it('shows a thumbnail and the full name per member, linking to the member profile', async () => {
    const fetch = stubFetch(200, MEMBERS);
    renderCard(5);
    await screen.findByText('Kees Klant');
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/data/planxchange/projectmembers/5');
    expect(screen.getByText('Members')).toBeTruthy();
    const staff = screen.getByTestId('member-2');
    expect(staff.getAttribute('href')).toBe('/home/app/project/memberprofile/5/2');
    expect(staff.querySelector('img')?.getAttribute('src')).toBe('/api/data/planxchange/profilefiles/2/thumbnail.png');
    // Without a picture: the initials.
    expect(screen.getByTestId('member-4').querySelector('img')).toBeNull();
    expect(screen.getByTestId('member-4').textContent).toContain('KK');
  });

  it('hovering shows name, translated role, company, e-mail and phones', async () => {
    stubFetch(200, MEMBERS);
    renderCard();
    const tile = await screen.findByTestId('member-2');
    await act(async () => {
      fireEvent.mouseOver(tile);
    });
    const info = await screen.findByTestId('member-info-2', {}, { timeout: 2000 });
    expect(info.textContent).toContain('Stefan Planer');
    expect(info.textContent).toContain('Sales planner');
    expect(info.textContent).toContain('Nordstein Porenbeton GmbH');
    expect(info.textContent).toContain('+49 421 555 0200');
    expect(info.textContent).toContain('+49 171 1');
    expect(info.textContent).toContain('+49 421 9');
    // The API left the e-mail out (HideMemberEMail): no e-mail line.
    expect(info.textContent).not.toContain('@');
  });

  it('shows the e-mail when the API sends it, and Unknown for unknown roles', async () => {
    stubFetch(200, MEMBERS);
    renderCard();
    await act(async () => {
      fireEvent.mouseOver(await screen.findByTestId('member-4'));
    });
    const info = await screen.findByTestId('member-info-4', {}, { timeout: 2000 });
    expect(info.querySelector('a[href="mailto:customer@bouwbedrijf.example"]')).toBeTruthy();
    await act(async () => {
      fireEvent.mouseLeave(screen.getByTestId('member-4'));
      fireEvent.mouseOver(screen.getByTestId('member-9'));
    });
    expect((await screen.findByTestId('member-info-9', {}, { timeout: 2000 })).textContent).toContain('Unknown');
  });

  it('keyboard focus shows the popup too', async () => {
    stubFetch(200, MEMBERS);
    renderCard();
    const tile = await screen.findByTestId('member-2');
    await act(async () => {
      fireEvent.keyDown(document.body, { key: 'Tab' });
      tile.focus();
    });
    expect((await screen.findByTestId('member-info-2', {}, { timeout: 2000 })).textContent).toContain('Sales planner');
  });

  it('says so when there are no members', async () => {
    stubFetch(200, []);
    renderCard(6);
    await screen.findByText('This project has no members yet.');
  });

  it('shows a warning when the members cannot be loaded', async () => {
    stubFetch(404, { status: 404, messages: [{ type: 'error', text: 'Not found' }] });
    renderCard(7);
    await waitFor(() => expect(screen.getByText(/The members could not be loaded/)).toBeTruthy());
  });
});
