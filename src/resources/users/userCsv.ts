import type { UserRecord } from '../../domain/users';

const COLUMNS: (keyof UserRecord)[] = [
  'id', 'login', 'email', 'firstName', 'lastName', 'isInternal', 'isExternalLogin', 'isAdmin', 'isConfigurer', 'isProjectPlanner',
  'isActive', 'deleted', 'hasPassword', 'language', 'tenantIDs', 'salesOrgIDs', 'createdAt',
];

/** One CSV cell: lists space-separated, quoted when needed, formula starts defused for spreadsheets. */
function cell(value: unknown): string {
  let text = Array.isArray(value) ? value.join(' ') : String(value ?? '');
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The users list as CSV, one row per user, the API's field names as header. */
export function usersToCsv(records: UserRecord[]): string {
  const lines = [COLUMNS.join(','), ...records.map((record) => COLUMNS.map((column) => cell(record[column])).join(','))];
  return lines.join('\r\n');
}
