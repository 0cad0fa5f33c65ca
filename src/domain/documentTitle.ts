/** The product's name, last in every browser tab title. */
export const PRODUCT_NAME = 'planXchange';

/**
 * The browser tab's title: the page's own title (which names the project where there is one: "page – project"),
 * then the product — "Bestellung – Schule am Stadtpark – planXchange"; the product alone while nothing is known.
 */
export function documentTitle(pageTitle: string | null | undefined): string {
  const page = (pageTitle ?? '').replace(/\s+/g, ' ').trim();
  return page && page !== PRODUCT_NAME ? `${page} – ${PRODUCT_NAME}` : PRODUCT_NAME;
}
