import { useMediaQuery, type Theme } from '@mui/material';
import { useCallback, useState } from 'react';
import { parseListStyle, parsePageSize, type ListStyle } from '../domain/projectLists';
import { LIST_STYLE_STORAGE_KEY, PAGE_SIZE_STORAGE_KEY } from '../domain/tasks';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage may be full or disabled: the choice then lasts for this page only.
  }
}

/** The page size shared by My Tasks and the project lists (local storage, default 20). */
export function useStoredPageSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(() => parsePageSize(read(PAGE_SIZE_STORAGE_KEY)));
  const change = useCallback((next: number) => {
    const valid = parsePageSize(String(next));
    write(PAGE_SIZE_STORAGE_KEY, String(valid));
    setSize(valid);
  }, []);
  return [size, change];
}

/**
 * Table or grid, remembered in local storage (default table). On a phone the table is always used
 * and the toggle is not offered (`canChoose` false).
 */
export function useListStyle(): { style: ListStyle; canChoose: boolean; setStyle: (style: ListStyle) => void } {
  const isMobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [stored, setStored] = useState(() => parseListStyle(read(LIST_STYLE_STORAGE_KEY)));
  const setStyle = useCallback((next: ListStyle) => {
    write(LIST_STYLE_STORAGE_KEY, next);
    setStored(next);
  }, []);
  // Phones get cards (react-admin's small-screen convention): a table's columns would not fit 360 px.
  return { style: isMobile ? 'grid' : stored, canChoose: !isMobile, setStyle };
}
