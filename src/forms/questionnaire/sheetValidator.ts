import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { isPlainObject, valuesEqual } from '../../domain/questionnaire';

/** Whether a value has one of the JSON types a schema names. */
function hasType(type: unknown, value: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((name) => {
    switch (name) {
      case 'object':
        return isPlainObject(value);
      case 'array':
        return Array.isArray(value);
      case 'integer':
        return Number.isInteger(value);
      case 'number':
        return typeof value === 'number';
      case 'null':
        return value === null;
      default:
        return typeof value === name;
    }
  });
}

/** The structural keywords of the sheet documents (type, const, enum, properties, required, items, oneOf, anyOf). */
export function matchesSchema(schema: unknown, value: unknown): boolean {
  if (typeof schema === 'boolean') return schema;
  if (!isPlainObject(schema)) return true;
  const node = schema as RJSFSchema;
  if (value === undefined) return true;
  if (node.type !== undefined && !hasType(node.type, value)) return false;
  if (node.const !== undefined && !valuesEqual(node.const, value)) return false;
  if (node.enum && !node.enum.some((option) => valuesEqual(option, value))) return false;
  if (node.oneOf && node.oneOf.filter((option) => matchesSchema(option, value)).length !== 1) return false;
  if (node.anyOf && !node.anyOf.some((option) => matchesSchema(option, value))) return false;
  if (isPlainObject(value)) {
    if (node.required?.some((name) => value[name] === undefined)) return false;
    for (const [name, child] of Object.entries(node.properties ?? {})) if (!matchesSchema(child, value[name])) return false;
  }
  if (Array.isArray(value) && isPlainObject(node.items)) return value.every((item) => matchesSchema(node.items, item));
  return true;
}

/**
 * The validator the questionnaire's rjsf form is given. The portal's CSP forbids ajv's generated code, and the sheet's
 * rules are the domain's (`sheetProblems`, shown as extraErrors), so the form does not validate; rjsf still asks
 * whether data matches an option (`oneOf` choices, defaults), which the structural check answers.
 */
export const sheetValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData) => matchesSchema(schema, formData),
  rawValidation: () => ({ errors: [] }),
};
