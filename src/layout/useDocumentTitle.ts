import { useEffect } from 'react';

/** The browser tab shows the page's title too; back to the product name when the page goes. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} – planXchange`;
    return () => {
      document.title = 'planXchange';
    };
  }, [title]);
}
