import { describe, expect, it } from 'vitest';
import { definitionProblems, SHEET_SETS, shippedSheets } from '../../server/lib/questionnaire-sheets.js';
import { LOCALIZED_TEXTS, SHEET_LEVELS, walkControls, type SheetNode } from '../../src/domain/questionnaire';

const sheets = shippedSheets();
const latest = new Map(sheets.map((sheet) => [sheet.name, sheet]));

/** Every node of a sheet that carries English texts: sections, controls and options. */
function textNodes(node: SheetNode): SheetNode[] {
  const children = Object.values(node.properties ?? {}).filter((child) => !child['x-component'] || child.title);
  const options = [...(node.oneOf ?? []), ...(node.items?.oneOf ?? [])] as SheetNode[];
  return [node, ...options, ...children.flatMap((child) => (child.type === 'object' && !child['x-component'] ? textNodes(child) : [child, ...((child.oneOf ?? child.items?.oneOf ?? []) as SheetNode[])]))];
}

describe('the shipped questionnaire sheets', () => {
  it('pass the meta-schema and the definition rules, paths into other sheets included', () => {
    for (const sheet of sheets) {
      const others = [...latest.values()].filter((other) => other.name !== sheet.name).map((other) => other.schema);
      expect(definitionProblems(sheet.schema, sheet.uiSchema, others), `${sheet.name} v${sheet.version}`).toEqual([]);
    }
  });

  it('are all named by the sets, and every set names only shipped sheets at known levels', () => {
    const named = new Set<string>();
    for (const [key, levels] of Object.entries(SHEET_SETS.sets)) {
      for (const [level, names] of Object.entries(levels)) {
        expect((SHEET_LEVELS as readonly string[]).includes(level), `${key}.${level}`).toBe(true);
        for (const name of names) {
          expect(latest.has(name), `${key}.${level}: ${name}`).toBe(true);
          named.add(name);
        }
      }
      expect(levels['0']?.length, `${key} has a general sheet`).toBe(1);
    }
    expect([...latest.keys()].filter((name) => !named.has(name))).toEqual([]);
    expect(Object.values(SHEET_SETS.countries).every((key) => key in SHEET_SETS.sets)).toBe(true);
  });

  it('carry German and Dutch for every English text', () => {
    for (const sheet of sheets) {
      for (const node of textNodes(sheet.schema)) {
        for (const text of LOCALIZED_TEXTS) {
          if (!node[text]) continue;
          for (const language of ['de', 'nl']) expect(node['x-i18n']?.[language]?.[text], `${sheet.name}: ${language} ${text} of "${node[text]}"`).toBeTruthy();
        }
      }
    }
  });

  it('include the benchmark sheet with at least 200 controls', () => {
    expect(walkControls(latest.get('xde-planelemente')!.schema).length).toBeGreaterThanOrEqual(200);
  });
});
