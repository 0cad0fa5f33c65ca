// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { AdminContext, AutocompleteInput, Datagrid, DateInput, DateTimeInput, Form, ListContextProvider, PasswordInput, SearchInput, TextField, TextInput } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

// react-admin 5 still hands a row checkbox's aria-label to MUI's wrapper <span> instead of the <input>, and MUI's removed `InputProps`/`InputLabelProps` to TextField; MUI 9 puts them on a <div> and
// React warns. patches/ra-ui-materialui+*.patch keeps them to MUI < 6 (react-admin passes slotProps as well).
afterEach(() => vi.restoreAllMocks());

describe('react-admin inputs on MUI 9', () => {
  it('log no React warning about unknown DOM props, and still show their adornments and shrunk labels', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AdminContext i18nProvider={polyglotI18nProvider(() => englishMessages, 'en')}>
        <Form record={{ name: 'Schule', q: 'x', secret: 'geheim', from: '2026-12-05', at: '2026-12-05T10:00', kind: 'a' }}>
          <TextInput source="name" resettable />
          <SearchInput source="q" />
          <PasswordInput source="secret" />
          <DateInput source="from" />
          <DateTimeInput source="at" />
          <AutocompleteInput source="kind" choices={[{ id: 'a', name: 'Alpha' }]} />
        </Form>
      </AdminContext>,
    );
    const warnings = errors.mock.calls.map((call) => call.map(String).join(' ')).filter((text) => /InputProps|InputLabelProps|does not recognize/.test(text));
    expect(warnings).toEqual([]);
    // The props still arrive through slotProps: the reset button, the password toggle and the date's shrunk label.
    expect(screen.getAllByRole('button', { name: 'Clear value' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
    expect(document.querySelector('.ra-input-from label')?.getAttribute('data-shrink')).toBe('true');
  });
});

describe('react-admin lists on MUI 9', () => {
  it('name the row checkboxes on the input itself (axe: label, aria-prohibited-attr)', () => {
    const list = { data: [{ id: 1, name: 'Nordstein' }], total: 1, selectedIds: [], onSelect: () => undefined, onToggleItem: () => undefined, onUnselectItems: () => undefined, resource: 'plants', sort: { field: 'id', order: 'ASC' } };
    render(
      <AdminContext i18nProvider={polyglotI18nProvider(() => englishMessages, 'en')}>
        <ListContextProvider value={list as never}>
          <Datagrid resource="plants" rowClick={false}>
            <TextField source="name" />
          </Datagrid>
        </ListContextProvider>
      </AdminContext>,
    );
    const rowCheckbox = screen.getByRole('checkbox', { name: 'Select this row' });
    expect(rowCheckbox.tagName).toBe('INPUT');
    expect(document.querySelector('span[aria-label="Select this row"]')).toBeNull();
  });
});
