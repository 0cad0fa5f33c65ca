import { z } from 'zod';
import { whileProjectOpen, type RuleResult, type UnitContext } from './projectUnits';
import { MESSAGE, requiredOr } from './validation';

/** Parameters of a unit (spec §3 Project unit param): the keys the portal knows. */
export const UNIT_PARAM_KEYS = ['FirstDelivery', 'Country', 'BrickAssortment', 'CheckDataTaskMessage'] as const;
export type UnitParamKey = (typeof UNIT_PARAM_KEYS)[number];
/** Keys a client may create; CheckDataTaskMessage is written by the check-data transition only. */
export const WRITABLE_UNIT_PARAM_KEYS = ['FirstDelivery', 'Country', 'BrickAssortment'] as const;
export const UNIT_PARAM_VALUE_MAX = 2000;

/** A parameter as the API answers it. */
export interface UnitParam {
  id: number;
  projectUnitParamID: number;
  projectUnitID: number;
  paramKey: string;
  paramValue: string;
  createdOn: string;
}

/** POST projectunitparams. */
export const unitParamCreateSchema = z.strictObject({
  projectUnitID: z.number({ error: requiredOr(MESSAGE.invalidValue) }).int(MESSAGE.invalidValue).positive(MESSAGE.invalidValue),
  paramKey: z.enum(WRITABLE_UNIT_PARAM_KEYS, { error: MESSAGE.invalidValue }),
  paramValue: z.string({ error: requiredOr() }).trim().max(UNIT_PARAM_VALUE_MAX, MESSAGE.tooLong),
});

/**
 * Who sets a parameter: not in a closed project; FirstDelivery the project's members and staff; Country and
 * BrickAssortment (they choose the information sheet's set) the provider's staff.
 */
export function canWriteUnitParam(context: Pick<UnitContext, 'role' | 'isInternal' | 'rootState'>, key: string): RuleResult {
  const open = whileProjectOpen(context.rootState);
  if (!open.allowed) return open;
  if (key === 'FirstDelivery') return context.role || context.isInternal ? { allowed: true } : { allowed: false, reason: 'FILES.Rules.MembersOnly' };
  if (key === 'Country' || key === 'BrickAssortment') return context.isInternal ? { allowed: true } : { allowed: false, reason: 'PROJECTS.Rules.ParamStaffOnly' };
  return { allowed: false, reason: 'PROJECTS.Rules.ParamReadOnly' };
}
