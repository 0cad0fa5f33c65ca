/** The configurers' sheet builder (issue #34): the model of a sheet and its edits, shared by the builder and its tests. */
export * from './model';
export * from './operations';
export * from './compare';
export * from './translations';
