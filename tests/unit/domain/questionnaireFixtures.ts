import type { SheetSchema } from '../../../src/domain/questionnaire';

/** A small general sheet: material choice (required group), site logistics with a crane that enables its capacity. */
export const generalSheet: SheetSchema = {
  type: 'object',
  title: 'General',
  'x-sheet': { name: 'xde-general', version: 1 },
  'x-i18n': { de: { title: 'Allgemein' } },
  additionalProperties: false,
  properties: {
    project: {
      type: 'object',
      title: 'Project data',
      additionalProperties: false,
      properties: {
        buildingType: { type: 'string', title: 'Building type', 'x-required': true, oneOf: [{ const: 'residential', title: 'Residential', 'x-i18n': { de: { title: 'Wohnungsbau' } } }, { const: 'office', title: 'Office' }] },
        storeys: { type: 'integer', title: 'Storeys', minimum: 1, maximum: 30 },
        postcode: { type: 'string', title: 'Postcode', pattern: '^[0-9]{5}$', maxLength: 5 },
      },
    },
    materials: {
      type: 'object',
      title: 'Materials',
      'x-note': 'Choose at least one.',
      'x-i18n': { de: { title: 'Materialien' }, nl: { 'x-note': 'Kies er minstens één.' } },
      additionalProperties: false,
      properties: {
        planelemente: { type: 'boolean', title: 'AAC elements', 'x-requiredGroup': 'material' },
        stuerze: { type: 'boolean', title: 'Lintels', 'x-requiredGroup': 'material' },
      },
    },
    site: {
      type: 'object',
      title: 'Site logistics',
      additionalProperties: false,
      properties: {
        crane: { type: 'boolean', title: 'Crane on site' },
        craneCapacity: { type: 'number', title: 'Crane capacity', 'x-unit': 't', 'x-activeIf': 'xde-general.site.crane', 'x-required': true, minimum: 0.5 },
        hook: { type: 'boolean', title: 'Hook height known', 'x-activationPaths': [{ path: 'xde-general.site.craneCapacity' }] },
        surfaceSmooth: { type: 'boolean', title: 'Smooth', 'x-group': 'surface' },
        surfaceRough: { type: 'boolean', title: 'Rough', 'x-group': 'surface' },
        window: { type: 'string', title: 'Delivery window', default: 'morning', oneOf: [{ const: 'morning', title: 'Morning' }, { const: 'afternoon', title: 'Afternoon' }] },
        windowNote: { type: 'string', title: 'Note', 'x-activationPaths': [{ path: 'xde-general.site.window', equals: 'afternoon' }] },
        days: { type: 'array', title: 'Days', uniqueItems: true, items: { type: 'string', oneOf: [{ const: 'mon', title: 'Monday' }, { const: 'tue', title: 'Tuesday' }] } },
      },
    },
  },
};

export const lintelSheet: SheetSchema = {
  type: 'object',
  title: 'Lintels',
  'x-sheet': { name: 'xde-stuerze', version: 2 },
  'x-activationPaths': [{ path: 'xde-general.materials.stuerze' }],
  'x-i18n': { de: { title: 'Stürze' }, nl: { title: 'Lateien' } },
  additionalProperties: false,
  properties: {
    lintels: {
      type: 'object',
      title: 'Lintels',
      additionalProperties: false,
      properties: {
        count: { type: 'integer', title: 'Count', 'x-required': true },
        blocks: { type: 'array', title: 'Blocks', 'x-component': 'block-type-table', items: { type: 'object', additionalProperties: false, properties: { block: { type: 'string' }, weight: { type: 'number' } } } },
      },
    },
  },
};

export const elementSheet: SheetSchema = {
  ...lintelSheet,
  title: 'AAC elements',
  'x-sheet': { name: 'xde-planelemente', version: 1 },
  'x-activationPaths': [{ path: 'xde-general.materials.planelemente' }],
  'x-i18n': { de: { title: 'Planelemente' } },
};
