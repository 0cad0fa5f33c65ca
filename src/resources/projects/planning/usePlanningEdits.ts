import { useState } from 'react';
import { changedPlanningRows, orderNumberError, type PlanningData, type PlanningUnit } from '../../../domain/assignments';
import type { RowField } from './planningQueries';

export interface RowValues {
  productTypeID: number | null;
  plantID: number | null;
  orderNumber: string;
}

export interface PlanningRowState {
  unit: PlanningUnit;
  values: RowValues;
  dirty: boolean;
  /** A translation key when the typed order number breaks the rule (checked while typing). */
  orderNumberKey?: string;
  /** The server's messages (already translated) per field of this row. */
  serverErrors: Partial<Record<RowField, string>>;
}

export interface BulkValues {
  productTypeID: number | null;
  plantID: number | null;
}

const valuesOf = (unit: PlanningUnit): RowValues => ({ productTypeID: unit.productTypeID, plantID: unit.plantID, orderNumber: unit.orderNumber });

/** The planning screen's typed values, selection and row messages on top of the loaded data. */
export function usePlanningEdits(data: PlanningData | undefined) {
  const [edits, setEdits] = useState<Record<number, RowValues>>({});
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<number, Partial<Record<RowField, string>>>>({});
  const units = data?.units ?? [];

  const rows: PlanningRowState[] = units.map((unit) => {
    const values = edits[unit.projectUnitID] ?? valuesOf(unit);
    const dirty = values.productTypeID !== unit.productTypeID || values.plantID !== unit.plantID || values.orderNumber.trim() !== unit.orderNumber;
    return { unit, values, dirty, orderNumberKey: orderNumberError(values.orderNumber), serverErrors: serverErrors[unit.projectUnitID] ?? {} };
  });
  const changed = changedPlanningRows(units, rows.map((row) => ({ projectUnitID: row.unit.projectUnitID, ...row.values })));
  const invalid = rows.some((row) => row.dirty && row.orderNumberKey);

  const update = (unitId: number, change: Partial<RowValues>) => {
    const unit = units.find((candidate) => candidate.projectUnitID === unitId);
    if (!unit) return;
    setEdits((current) => ({ ...current, [unitId]: { ...(current[unitId] ?? valuesOf(unit)), ...change } }));
    // A field the user changes again no longer carries the server's message about it.
    setServerErrors((current) => {
      const fields = { ...current[unitId] };
      for (const field of Object.keys(change) as RowField[]) delete fields[field];
      return { ...current, [unitId]: fields };
    });
  };

  /** The bulk bar: the chosen product type and/or plant for every selected unit (null = leave as it is). */
  const applyToSelected = (bulk: BulkValues) => {
    for (const unitId of selected) {
      update(unitId, {
        ...(bulk.productTypeID !== null ? { productTypeID: bulk.productTypeID } : {}),
        ...(bulk.plantID !== null ? { plantID: bulk.plantID } : {}),
      });
    }
  };

  const toggle = (unitId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(unitId)) next.delete(unitId);
      else next.add(unitId);
      return next;
    });
  const toggleAll = () => setSelected((current) => (current.size === units.length ? new Set() : new Set(units.map((unit) => unit.projectUnitID))));

  const reset = () => {
    setEdits({});
    setServerErrors({});
  };

  return { rows, changed, invalid, selected, toggle, toggleAll, update, applyToSelected, reset, setServerErrors };
}
