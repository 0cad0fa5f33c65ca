/** The questionnaire page of a root (under the app's basename), the spec's older path that leads there, and the print page. */
export const QUESTIONNAIRE_ROUTE = '/project/questionnaire/:rootId';
export const QUESTIONNAIRE_DETAILS_ROUTE = '/project/details/:rootId/questionnaire';
export const QUESTIONNAIRE_PRINT_ROUTE = '/print/questionnaire/:rootId';
export const questionnairePagePath = (rootId: number | string) => `/home/app/project/questionnaire/${rootId}`;
export const questionnairePrintPath = (rootId: number | string) => `/print/questionnaire/${rootId}`;

