/** The project information sheet's rules, shared by the questionnaire page, the schema editor and the API. */
export * from './types';
export * from './paths';
export * from './activation';
export * from './localize';
export * from './problems';
export * from './sets';
export * from './rules';
export * from './materials';
export * from './definition';
export * from './references';
export * from './uiSchema';
export * from './drafts';
export * from './impact';
export * from './testAnswers';
