import type { QuestionnaireAnswers, SheetVersion } from '../../domain/questionnaire';
import { getJson, sendJson } from './request';

/** `GET /api/questionnaire/{rootId}`: the root's sheets at the versions it uses, its answers and what the caller may do. */
export interface QuestionnairePageData {
  rootProjectUnitID: number;
  projectUnitNo: string;
  title: string;
  tenantType: 'standard' | 'ccl';
  setKey: string;
  canEdit: boolean;
  /** A translation key saying why the sheet is read-only, or null. */
  editReason: string | null;
  minActiveSheets: number;
  /** The set's sheets in set order; schemas in English with their `x-i18n` (the page localizes them). */
  sheets: SheetVersion[];
  data: QuestionnaireAnswers;
  isValid: boolean;
  sheetValidity: Record<string, boolean>;
  /** Optimistic concurrency: sent back with the next save (0 before the first save). */
  version: number;
  updatedAt: string | null;
}

const questionnaireUrl = (rootId: number) => `/api/questionnaire/${rootId}`;

/** The project information sheet of a root. */
export const questionnaireMethods = {
  getQuestionnaire: (rootId: number) => getJson<QuestionnairePageData>(questionnaireUrl(rootId)),
  saveQuestionnaire: (rootId: number, data: QuestionnaireAnswers, version: number) => sendJson<QuestionnairePageData>(questionnaireUrl(rootId), 'PUT', { data, version }),
};
