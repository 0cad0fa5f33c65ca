// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CclDeliveryScheduleList } from '../../../src/components/deliveries/CclDeliveryScheduleList';
import { dataProvider } from '../../../src/providers/dataProvider';
import type { CclScheduleEntry } from '../../../src/domain/deliveries';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');
const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const entry = (features: string, version: number): CclScheduleEntry => ({ id: 21, projectUnitID: 21, title: 'DJ-01 Ground floor', subTitle: 'Block A', custRef: 'RA-1', stateKey: 'CCLDrawing', features, deliveryWeek: '', note: '', version });

afterEach(() => vi.unstubAllGlobals());

describe('CclDeliveryScheduleList', () => {
  it('saves a row with the version read; on a conflict (409) shows the entry someone else saved', async () => {
    let stored = entry('Fire walls', 2);
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, options?: RequestInit) => {
        if (options?.method === 'PUT') {
          puts.push(JSON.parse(String(options.body)));
          // Someone else saved the entry a moment earlier.
          stored = entry('Fire walls, lift shaft', 3);
          return json(409, { status: 409, messages: [{ type: 'error', text: 'Someone else changed this in the meantime.', key: 'ERRORMESSAGES.ChangedMeanwhile' }] });
        }
        return json(200, { canEdit: true, entries: [stored] });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
          <CclDeliveryScheduleList rootId={7} />
        </AdminContext>
      </QueryClientProvider>,
    );
    const row = await screen.findByTestId('ccl-entry-21');
    fireEvent.change(within(row).getByLabelText('Features'), { target: { value: 'Fire walls, stairs' } });
    fireEvent.click(within(row).getByTestId('ccl-save'));
    await waitFor(() => expect((within(screen.getByTestId('ccl-entry-21')).getByLabelText('Features') as HTMLTextAreaElement).value).toBe('Fire walls, lift shaft'));
    expect(puts).toEqual([{ features: 'Fire walls, stairs', deliveryWeek: '', note: '', version: 2 }]);
  });
});
