import type { RuleResult, UnitContext } from '../projectUnits';
import { structuringState } from '../structure';
import { MIN_ACTIVE_SHEETS, QUESTIONNAIRE_MESSAGE } from './types';

/**
 * Who may change the information sheet (DECISIONS.md Questionnaire): everyone who sees the project while the root is
 * in Structuring (the CCL tenant: Preparing); in every other state only the provider's internal users.
 */
export function canEditQuestionnaire(context: Pick<UnitContext, 'rootState' | 'tenantType' | 'isInternal'>): RuleResult {
  if (structuringState(context) || context.isInternal) return { allowed: true };
  return { allowed: false, reason: QUESTIONNAIRE_MESSAGE.readOnly };
}

/**
 * The information sheet button of the project actions card (feature ProjectInfoSheet): shown to everyone while the
 * customer structures the project (Structuring; the CCL tenant: Preparing), always to internal users.
 */
export function infoSheetButtonVisible(context: Pick<UnitContext, 'rootState' | 'tenantType' | 'isInternal' | 'features'>): boolean {
  return context.features.includes('ProjectInfoSheet') && (context.isInternal || structuringState(context));
}

/** Active sheets needed before saving: 2 for a standard tenant (the general sheet and a material), none for CCL. */
export function minActiveSheets(tenantType: 'standard' | 'ccl'): number {
  return tenantType === 'ccl' ? 0 : MIN_ACTIVE_SHEETS;
}
