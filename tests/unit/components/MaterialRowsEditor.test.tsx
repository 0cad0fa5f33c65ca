// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { lotMaterialProblems } from '../../../src/domain/deliveries';
import type { MaterialType, StructureMaterial } from '../../../src/domain/structure';
import type { MaterialRowProblem } from '../../../src/resources/projects/deliveries/deliveryQueries';
import { MaterialRowsEditor } from '../../../src/resources/projects/deliveries/MaterialRowsEditor';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const TYPES: MaterialType[] = [
  { key: 'Planelemente', label: 'Planelemente', productTypeID: 1, minDate: '2030-03-01' },
  { key: 'Stürze', label: 'Stürze', productTypeID: 2, minDate: '2030-02-10' },
];
const minDate = (type: string) => TYPES.find((candidate) => candidate.key === type)?.minDate ?? '2030-01-01';

function renderEditor(props: { rows: StructureMaterial[]; problems?: MaterialRowProblem[]; readOnly?: boolean; onChange?: (rows: StructureMaterial[]) => void }) {
  const onChange = props.onChange ?? vi.fn();
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <MaterialRowsEditor rows={props.rows} onChange={onChange} materialTypes={TYPES} minDate={minDate} problems={props.problems ?? []} readOnly={props.readOnly} />
    </AdminContext>,
  );
  return onChange;
}

/** An editor that checks its rows with the domain rule, as the delivery dialog does. */
function CheckedEditor({ initial, available }: { initial: StructureMaterial[]; available: number }) {
  const [rows, setRows] = useState(initial);
  const problems = lotMaterialProblems(rows, { available, materialTypes: TYPES, minDate });
  return <MaterialRowsEditor rows={rows} onChange={setRows} materialTypes={TYPES} minDate={minDate} problems={problems} />;
}

describe('MaterialRowsEditor', () => {
  it('shows the VolumeMax problem as "Max: {available} m³" at the volume field', async () => {
    renderEditor({
      rows: [{ type: 'Planelemente', volume: 80, deliveryDate: '2030-03-05' }],
      problems: [{ path: [0, 'volume'], key: 'STRUCTURE.Errors.VolumeMax', params: { available: 42.5 } }],
    });
    const row = (await screen.findAllByTestId('material-row'))[0];
    expect(within(row).getByText('Too much volume. Max: 42.5 m³')).toBeTruthy();
    expect(within(row).getByTestId('material-volume-0').getAttribute('aria-invalid')).toBe('true');
    expect(within(row).getByTestId('material-date-0').closest('[class*="PickersTextField-root"]')!.querySelector('.Mui-error')).toBeNull();
  });

  it('formats the earliest date of DateTooEarly and shows server messages as they come', async () => {
    renderEditor({
      rows: [
        { type: 'Planelemente', volume: 10, deliveryDate: '2030-02-01' },
        { type: 'Stürze', volume: 2, deliveryDate: '2030-02-20' },
      ],
      problems: [
        { path: [0, 'deliveryDate'], key: 'STRUCTURE.Errors.DateTooEarly', params: { minDate: '2030-03-01' } },
        { path: [1, 'type'], key: 'STRUCTURE.Errors.UnknownMaterialType', text: 'Refused by the server.' },
        { path: [], key: 'DELIVERY.Errors.TooManyMaterials' },
      ],
    });
    await screen.findByText('The earliest possible delivery date is Mar 1, 2030.');
    expect(screen.getByText('Refused by the server.')).toBeTruthy();
    // A problem about the list as a whole shows above the rows.
    expect(screen.getByRole('alert').textContent).toContain('at most 50 material rows');
    // The date input's minimum is the row type's earliest date.
    expect(screen.getByTestId('material-date-1').getAttribute('data-min')).toBe('2030-02-10');
  });

  it('checks the rows with the domain rule: too much volume shows Max, fixing it clears the message', async () => {
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <CheckedEditor initial={[{ type: 'Planelemente', volume: 20, deliveryDate: '2030-03-02' }, { type: 'Stürze', volume: 5, deliveryDate: '2030-03-02' }]} available={60} />
      </AdminContext>,
    );
    const volume = await screen.findByTestId('material-volume-0');
    fireEvent.change(volume, { target: { value: '70' } });
    // The row may hold what is available minus the lot's other rows: 60 − 5.
    await screen.findByText('Too much volume. Max: 55 m³');
    fireEvent.change(volume, { target: { value: '55' } });
    expect(screen.queryByText(/Max:/)).toBeNull();
    fireEvent.change(volume, { target: { value: '' } });
    await screen.findByText('Enter a volume of 0 m³ or more.');
  });

  it('adds a row with the last type and its earliest date, and removes rows', async () => {
    const onChange = renderEditor({ rows: [{ type: 'Stürze', volume: 2, deliveryDate: '2030-02-20' }] });
    fireEvent.click(await screen.findByTestId('add-material'));
    const added = (onChange as ReturnType<typeof vi.fn>).mock.calls[0][0] as StructureMaterial[];
    expect(added).toHaveLength(2);
    expect(added[1].type).toBe('Stürze');
    expect(added[1].deliveryDate).toBe('2030-02-10');
    expect(Number.isNaN(added[1].volume)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove this material' }));
    expect((onChange as ReturnType<typeof vi.fn>).mock.calls[1][0]).toEqual([]);
  });

  it('read-only: shows the rows as text without inputs or buttons', async () => {
    renderEditor({ rows: [{ type: 'Planelemente', volume: 12.25, deliveryDate: '2030-03-05' }], readOnly: true });
    const row = (await screen.findAllByTestId('material-row'))[0];
    expect(row.textContent).toContain('Planelemente');
    expect(row.textContent).toContain('12.25 m³');
    expect(row.textContent).toContain('Mar 5, 2030');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('add-material')).toBeNull();
  });
});
