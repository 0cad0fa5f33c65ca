import { useEffect } from 'react';
import { documentTitle } from '../domain/documentTitle';

/** react-admin renders each page's <Title> into this element of the app bar. */
const APP_BAR_TITLE_ID = 'react-admin-title';

/**
 * One place for the browser tab's title: whatever page title the app bar shows (every list, show and custom page sets
 * one through react-admin's <Title>) becomes "page – project – planXchange"; the app bar's title, cut with an
 * ellipsis when long, carries its full text as a tooltip.
 */
export function DocumentTitleSync() {
  useEffect(() => {
    const target = document.getElementById(APP_BAR_TITLE_ID);
    if (!target) return;
    const update = () => {
      const text = (target.textContent ?? '').trim();
      document.title = documentTitle(text);
      if (text) target.setAttribute('title', text);
      else target.removeAttribute('title');
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(target, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return null;
}
