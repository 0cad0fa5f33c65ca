import { sheetProblems } from './problems';
import { QUESTIONNAIRE_MESSAGE, type QuestionnaireAnswers, type SheetSchema } from './types';

/** One answer (by path) that a move to the new version would break, with how many projects have it. */
export interface AnswerImpact {
  path: string;
  key: string;
  projects: number;
}

export interface PublishImpact {
  /** Projects with saved answers per older version of the sheet: they keep it. */
  onOlderVersions: { version: number; projects: number }[];
  /** Of these, answers that would fail a rule of the new version they passed before, or are no longer asked (dropped). */
  noLongerValid: AnswerImpact[];
  dropped: AnswerImpact[];
}

const MAX_ENTRIES = 100;

function tally(map: Map<string, AnswerImpact>, path: string, key: string) {
  const id = `${path}|${key}`;
  const entry = map.get(id) ?? { path, key, projects: 0 };
  entry.projects++;
  map.set(id, entry);
}

/**
 * What publishing `next` means for the projects answering the sheet on older versions (issue #34): how many per
 * version, and for each of them moved to `next`, which answers would no longer validate and which would be dropped
 * (no control of that path any more). `previous` holds the older versions' schemas by version.
 */
export function publishImpact(next: SheetSchema, previous: ReadonlyMap<number, SheetSchema>, answers: readonly QuestionnaireAnswers[]): PublishImpact {
  const name = next['x-sheet'].name;
  const perVersion = new Map<number, number>();
  const invalid = new Map<string, AnswerImpact>();
  const dropped = new Map<string, AnswerImpact>();
  for (const data of answers) {
    const version = data._versions?.[name];
    const old = typeof version === 'number' ? previous.get(version) : undefined;
    if (!old || version === next['x-sheet'].version) continue;
    perVersion.set(version!, (perVersion.get(version!) ?? 0) + 1);
    const before = new Set(sheetProblems(old, data).map((problem) => `${problem.path.join('.')}|${problem.key}`));
    for (const problem of sheetProblems(next, data)) {
      const path = problem.path.join('.');
      if (problem.key === QUESTIONNAIRE_MESSAGE.unknownField) tally(dropped, path, problem.key);
      else if (!before.has(`${path}|${problem.key}`)) tally(invalid, path, problem.key);
    }
  }
  const sorted = (map: Map<string, AnswerImpact>) => [...map.values()].sort((a, b) => b.projects - a.projects || a.path.localeCompare(b.path)).slice(0, MAX_ENTRIES);
  return {
    onOlderVersions: [...perVersion].sort((a, b) => a[0] - b[0]).map(([version, projects]) => ({ version, projects })),
    noLongerValid: sorted(invalid),
    dropped: sorted(dropped),
  };
}
