// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext, HttpError, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { MemberCandidate } from '../../../src/domain/memberManagement';
import { AddMemberDialog } from '../../../src/resources/projects/members/manage/AddMemberDialog';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const CANDIDATES: MemberCandidate[] = [
  { userID: 5, userLogin: 'partner', firstName: 'Paul', lastName: 'Partner', email: 'partner@bau.example', isInternal: false },
  { userID: 3, userLogin: 'drafter', firstName: 'Dana', lastName: 'Zeichner', email: 'drafter@ns.example', isInternal: true },
];

function fakeDataProvider(addProjectMember = vi.fn((_root: number, body: { email?: string }) => Promise.resolve({ userID: 9, userLogin: body.email ?? 'x', firstName: 'Nele', lastName: 'Neu' }))) {
  const unused = vi.fn(() => Promise.reject(new Error('not used')));
  return {
    getList: unused,
    getOne: unused,
    getMany: unused,
    getManyReference: unused,
    create: unused,
    update: unused,
    updateMany: unused,
    delete: unused,
    deleteMany: unused,
    getMemberCandidates: vi.fn(() => Promise.resolve(CANDIDATES)),
    addProjectMember,
  } as unknown as DataProvider & { addProjectMember: typeof addProjectMember; getMemberCandidates: ReturnType<typeof vi.fn> };
}

function renderDialog(dataProvider: DataProvider, onClose = vi.fn()) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <AddMemberDialog rootId={42} onClose={onClose} />
    </AdminContext>,
  );
  return onClose;
}

async function chooseRole(name: string) {
  fireEvent.mouseDown(within(screen.getByTestId('member-role-select')).getByRole('combobox'));
  const option = await screen.findByRole('option', { name });
  return option;
}

describe('AddMemberDialog', () => {
  it('invites a person by e-mail with the chosen role and language', async () => {
    const dataProvider = fakeDataProvider();
    const onClose = renderDialog(dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite by e-mail' }));
    fireEvent.change(screen.getByLabelText(/E-mail address/), { target: { value: 'nele@bauherr.example' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Nele' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Neu' } });
    expect(screen.getByTestId('add-member-submit')).toHaveProperty('disabled', true);
    // A person invited by e-mail becomes a customer: the steering roles are not offered.
    expect((await chooseRole('Sales planner')).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Reviewer' }));
    await act(async () => {
      fireEvent.click(screen.getByTestId('add-member-submit'));
    });
    await waitFor(() => expect(dataProvider.addProjectMember).toHaveBeenCalledTimes(1));
    expect(dataProvider.addProjectMember.mock.calls[0]).toEqual([42, { email: 'nele@bauherr.example', firstName: 'Nele', lastName: 'Neu', language: 'en', memberRoleKey: 'reviewer' }]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('adds a user of the tenant found by search; staff may get the steering roles', async () => {
    const dataProvider = fakeDataProvider();
    renderDialog(dataProvider);
    const input = await screen.findByRole('combobox', { name: /User/ });
    fireEvent.change(input, { target: { value: 'Dana' } });
    // The search waits until typing pauses, then asks the server.
    await waitFor(() => expect(dataProvider.getMemberCandidates).toHaveBeenCalledWith(42, 'Dana'));
    fireEvent.click(await screen.findByText('Dana Zeichner'));
    const planner = await chooseRole('Process planner');
    expect(planner.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(planner);
    await act(async () => {
      fireEvent.click(screen.getByTestId('add-member-submit'));
    });
    await waitFor(() => expect(dataProvider.addProjectMember).toHaveBeenCalledWith(42, { userID: 3, memberRoleKey: 'processPlanner' }));
  });

  it('shows the server\'s message and stays open when the add is refused', async () => {
    const refuse = vi.fn(() => Promise.reject(new HttpError('x', 422, { status: 422, messages: [{ type: 'error', text: 'This user does not belong to the project\'s tenant and cannot be added.' }] })));
    const dataProvider = fakeDataProvider(refuse as never);
    const onClose = renderDialog(dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite by e-mail' }));
    fireEvent.change(screen.getByLabelText(/E-mail address/), { target: { value: 'cora@calcon.example' } });
    fireEvent.click(await chooseRole('Member'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('add-member-submit'));
    });
    await screen.findByText("This user does not belong to the project's tenant and cannot be added.");
    expect(onClose).not.toHaveBeenCalled();
  });
});
