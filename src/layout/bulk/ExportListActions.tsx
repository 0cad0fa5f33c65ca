import type { ReactNode } from 'react';
import { FilterButton, TopToolbar } from 'react-admin';
import { ExportMenuButton } from './ExportMenuButton';

/** A list toolbar whose export is the server's whole-list export (CSV or Excel, no cap) instead of react-admin's. */
export function ExportListActions({ children }: { children?: ReactNode }) {
  return (
    <TopToolbar>
      <FilterButton />
      {children}
      <ExportMenuButton />
    </TopToolbar>
  );
}
