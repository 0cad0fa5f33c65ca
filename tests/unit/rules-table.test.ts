import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectRules, renderRulesTable } from './rulesTable';

const root = join(import.meta.dirname, '../..');
const rules = collectRules();
const byName = new Map(rules.map((rule) => [rule.name, rule]));

/**
 * Rules the app applies although no route calls them, each with the reason. Everything else the app applies
 * must have an enforcing route: a new rule that only hides a button fails here until the API applies it.
 */
const NOTES: Record<string, string> = {
  showsDeliveryDates:
    'display only: the button is a shortcut to delivery data that the structure page and each lot’s edit dialog also edit; `canEditMaterials` guards the writes',
  canConfirmDeliveries: 'enforced through `canAccess` (delivery-overview, edit) on `PUT /api/data/planxchange/delivery-overview/:id`',
  showsSmallVolumeNotice: 'display only: a notice, no action; where rows cannot change the order routes refuse row writes (`canEditOrderItems`)',
  canAccess: 'the permission module: every resource route and the app’s `authProvider.canAccess`',
};

describe('the rules table (docs/rules.md)', () => {
  it('is generated from the code and up to date', () => {
    const text = renderRulesTable(rules, NOTES);
    const path = join(root, 'docs/rules.md');
    if (process.env.UPDATE_RULES) writeFileSync(path, text);
    expect(readFileSync(path, 'utf8'), 'docs/rules.md is stale: run UPDATE_RULES=1 npx vitest run tests/unit/rules-table.test.ts').toBe(text);
  });

  it('every rule the app applies is enforced by at least one API route (or says why not)', () => {
    const unenforced = rules.filter((rule) => rule.screens.length > 0 && rule.routes.length === 0 && !NOTES[rule.name]).map((rule) => rule.name);
    expect(unenforced).toEqual([]);
  });

  it('every refusal a rule can give is translated in de, en and nl', () => {
    const languages = ['de', 'en', 'nl'].map((language) => JSON.parse(readFileSync(join(root, `i18n/${language}.json`), 'utf8')) as Record<string, unknown>);
    const lookup = (tree: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
    const missing = rules.flatMap((rule) => rule.reasons.filter((key) => languages.some((tree) => typeof lookup(tree, key) !== 'string')).map((key) => `${rule.name}: ${key}`));
    expect(missing).toEqual([]);
  });

  it('the unit rules sit on the routes that can break them', () => {
    const P = '/api/data/planxchange/projects';
    expect(byName.get('canCreateUnit')!.routes).toContain(`POST ${P}`);
    expect(byName.get('canEditUnit')!.routes).toContain(`PUT ${P}/:id`);
    expect(byName.get('canDeleteUnit')!.routes).toContain(`DELETE ${P}/:id`);
    expect(byName.get('canChangeVariant')!.routes).toEqual([`PUT ${P}/:id`]);
    expect(byName.get('unitDeliveryDateRule')!.routes).toEqual([`POST ${P}`, `PUT ${P}/:id`]);
    expect(byName.get('showEditActions')!.routes).toEqual(expect.arrayContaining([`PUT ${P}/:id`, `DELETE ${P}/:id`]));
    expect(byName.get('canDeleteFile')!.routes).toEqual(expect.arrayContaining([`DELETE ${P}/:id`, 'DELETE /api/file/:rootId/:unitId/:fileId']));
    // One rule for closed projects: units, files, site, structure and materials.
    expect(byName.get('whileProjectOpen')!.routes).toEqual(
      expect.arrayContaining([`POST ${P}`, `PUT ${P}/:id`, `DELETE ${P}/:id`, 'POST /api/file/:rootId/:unitId', 'PUT /api/data/planxchange/addresses/:id']),
    );
  });
});
