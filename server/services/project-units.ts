/**
 * The columns a project unit is listed with (projects, search, assignments).
 */
import { sql, type SQL } from 'drizzle-orm';

/** Product type, plant and whether there are children, selected with the unit (no query per row). */
export function unitColumns() {
  // Qualified outer references: drizzle leaves columns unqualified in single-table selects.
  const productType = (column: string) => sql.raw(`(select pt.${column} from product_types pt where pt.id = "project_units"."product_type_id")`);
  return {
    productTypeTitle: productType('title') as SQL<string | null>,
    productTypeBg: productType('bg_color') as SQL<string | null>,
    productTypeText: productType('text_color') as SQL<string | null>,
    plantName: sql<string | null>`(select pl.name from plants pl where pl.id = "project_units"."plant_id")`,
  };
}
