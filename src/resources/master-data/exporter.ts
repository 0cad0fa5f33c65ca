import { defaultExporter, type Exporter, type RaRecord } from 'react-admin';
import { TENANTS_RESOURCE } from './tenantReference';

/**
 * CSV export of a master-data list: the chosen columns in that order, with the tenant's name beside its id.
 * The file is named after the API resource ("plants.csv").
 */
export function masterDataExporter(fileName: string, columns: string[]): Exporter {
  return async (records: RaRecord[], fetchRelatedRecords, dataProvider) => {
    const withTenant = columns.includes('tenantID');
    const tenants = withTenant ? await fetchRelatedRecords(records, 'tenantID', TENANTS_RESOURCE) : {};
    const rows = records.map((record) => {
      const row: Record<string, unknown> = {};
      for (const column of columns) row[column] = Array.isArray(record[column]) ? record[column].join(' ') : record[column];
      if (withTenant) row.tenant = (tenants[record.tenantID] as { name?: string } | undefined)?.name ?? '';
      return row;
    });
    return defaultExporter(rows, fetchRelatedRecords, dataProvider, fileName);
  };
}
