// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionnaireAnswers, SheetVersion } from '../../../src/domain/questionnaire';
import { QuestionnaireSheetForm } from '../../../src/forms/questionnaire/QuestionnaireSheetForm';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');
const sheetsDir = join(__dirname, '../../../schemas/questionnaire/sheets');

function shippedSheet(name: string, version = 1): SheetVersion {
  const read = (kind: string) => JSON.parse(readFileSync(join(sheetsDir, name, `v${version}.${kind}.json`), 'utf8'));
  return { name, version, schema: read('schema'), uiSchema: read('uischema'), status: 'published' };
}

/** The form with its answers held like the page holds them; every reported change is recorded. */
function renderSheet(sheet: SheetVersion, initial: QuestionnaireAnswers = {}, props: { language?: string; showErrors?: boolean; readOnly?: boolean } = {}) {
  const reported: QuestionnaireAnswers[] = [];
  function Harness() {
    const [answers, setAnswers] = useState(initial);
    return (
      <QuestionnaireSheetForm
        sheet={sheet}
        answers={answers}
        language={props.language ?? 'en'}
        showErrors={props.showErrors}
        readOnly={props.readOnly}
        onChange={(next) => {
          reported.push(next);
          setAnswers(next);
        }}
      />
    );
  }
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <Harness />
    </AdminContext>,
  );
  return { last: () => reported[reported.length - 1], count: () => reported.length };
}

const section = (path: string) => document.querySelector(`[data-section="${path}"]`) as HTMLElement;

afterEach(() => vi.restoreAllMocks());

describe('QuestionnaireSheetForm', () => {
  it('renders sections with note, popup and unit, and enables a control by its activeIf checkbox (reset when unchecked)', () => {
    const form = renderSheet(shippedSheet('xde-general'));
    const logistics = section('logistics');
    expect(within(logistics).getByRole('heading', { name: 'Site logistics' })).toBeTruthy();
    expect(within(section('materials')).getByTestId('section-note').textContent).toContain('Choose at least one material');
    const capacity = within(logistics).getByRole('textbox', { name: /Crane capacity at the farthest laying position/ }) as HTMLInputElement;
    // A control's explanation sits behind its own (i) button.
    expect(within(logistics).getByRole('button', { name: 'More information: Crane capacity at the farthest laying position' })).toBeTruthy();
    expect(capacity.disabled).toBe(true);
    expect(within(logistics).getAllByText('t').length).toBeGreaterThan(0);

    fireEvent.click(within(logistics).getByLabelText('Crane on site'));
    expect(capacity.disabled).toBe(false);
    fireEvent.change(capacity, { target: { value: '2,5' } });
    expect(form.last()['xde-general']).toMatchObject({ logistics: { crane: true, craneCapacity: 2.5 } });

    fireEvent.click(within(logistics).getByLabelText('Crane on site'));
    expect(capacity.disabled).toBe(true);
    expect((form.last()['xde-general'] as { logistics: Record<string, unknown> }).logistics.craneCapacity).toBeUndefined();
    expect(capacity.value).toBe('');
  });

  it('shows the texts of the language and the domain problems at the controls', () => {
    renderSheet(shippedSheet('xde-general'), { 'xde-general': { logistics: { crane: true } } }, { language: 'de', showErrors: true });
    const logistics = section('logistics');
    expect(within(logistics).getByRole('heading', { name: 'Baustellenlogistik' })).toBeTruthy();
    const capacity = within(logistics).getByRole('textbox', { name: /Tragkraft an der entferntesten Verlegestelle/ });
    expect(capacity.getAttribute('aria-invalid')).toBe('true');
    // Fields the rules accept carry no error.
    expect(within(logistics).getByLabelText(/Kran auf der Baustelle/).closest('.rjsf-field')?.className).not.toContain('rjsf-field-error');
  });

  it('keeps the checkboxes of an exclusive group mutually exclusive', () => {
    const form = renderSheet(shippedSheet('xde-planelemente'));
    const surface = section('surface');
    fireEvent.click(within(surface).getByLabelText('Smooth, ready for thin plaster'));
    fireEvent.click(within(surface).getByLabelText('Structured, for render'));
    expect(form.last()['xde-planelemente']).toMatchObject({ surface: { smooth: false, structured: true } });
    expect((within(surface).getByLabelText('Smooth, ready for thin plaster') as HTMLInputElement).checked).toBe(false);
  });

  it('renders the block type table with weight groups and stores the ticked classes per block', () => {
    const form = renderSheet(shippedSheet('xde-mauerwerk'));
    const table = screen.getByTestId('block-type-table');
    const rows = within(table).getAllByTestId('block-type-row');
    expect(rows.length).toBe(7);
    expect(within(rows[0]).getByText('14 kg or less')).toBeTruthy();
    expect(within(rows[4]).getByText('15 kg or more')).toBeTruthy();
    fireEvent.click(within(rows[4]).getByLabelText(/CS20$/));
    const stored = (form.last()['xde-mauerwerk'] as { blocks: { blockTypes: unknown[] } }).blocks.blockTypes;
    expect(stored).toEqual([{ block: 'PP4-0,55 Planblock 625 × 500 × 240 mm', weight: 24, cs20: true }]);
  });

  it('renders nothing for an unknown component and warns once per name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sheet = shippedSheet('xde-mauerwerk');
    const schema = structuredClone(sheet.schema);
    (schema.properties.blocks.properties!.blockTypes as { 'x-component': string })['x-component'] = 'no-such-table';
    renderSheet({ ...sheet, schema });
    expect(screen.queryByTestId('block-type-table')).toBeNull();
    renderSheet({ ...sheet, schema });
    expect(warn.mock.calls.filter(([message]) => String(message).includes('no-such-table')).length).toBe(1);
  });

  it('reports nothing until the user changes something (defaults are shown, not reported)', async () => {
    const form = renderSheet(shippedSheet('xnl-algemeen'), { 'xnl-algemeen': { project: { bouwtype: 'residential' } } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(form.count()).toBe(0);
    expect((screen.getByRole('radio', { name: 'New building' }) as HTMLInputElement).checked).toBe(true);
  });

  it('disables every control when read-only', () => {
    renderSheet(shippedSheet('xde-general'), {}, { readOnly: true });
    const inputs = Array.from(document.querySelectorAll('input')).filter((input) => input.type !== 'hidden');
    expect(inputs.length).toBeGreaterThan(10);
    expect(inputs.every((input) => input.disabled || input.readOnly)).toBe(true);
  });
});
