/**
 * The resources with import, bulk edit and unlimited export (API names). Kept free of the form schemas (zod) so that
 * the data provider, part of the first load, can ask without bringing them along.
 */
export const BULK_RESOURCES = ['aacproducts', 'lintelproducts', 'users', 'plants', 'producttypes', 'productplantpreliminarydays'] as const;
export type BulkResource = (typeof BULK_RESOURCES)[number];

export function isBulkResource(name: string): name is BulkResource {
  return (BULK_RESOURCES as readonly string[]).includes(name);
}
