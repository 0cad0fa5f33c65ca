// Kept apart from deliveries.ts (its form rules use zod) because the permissions of the first load need it.
/** Who confirms deliveries: the manufacturer's staff (internal users of the tenant) and administrators. */
export function canConfirmDeliveries(user: { isInternal: boolean; isAdmin: boolean }): boolean {
  return user.isInternal || user.isAdmin;
}
