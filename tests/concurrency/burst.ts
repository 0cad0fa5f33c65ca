import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { projectUnits } from '../../server/db/schema.js';
import type { Answer, Target } from './targets.js';

/** The sizes of every burst: two requests, and fifty. */
export const SIZES = [2, 50] as const;

/** Fires `n` requests at once and waits for every answer. */
export function burst(n: number, fire: (index: number) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: n }, (_, index) => fire(index)));
}

export const count = (answers: Answer[], status: number) => answers.filter((answer) => answer.status === status).length;

/** No request of a burst may fail on the server. */
export function expectNo5xx(answers: Answer[]): void {
  const failed = answers.filter((answer) => answer.status >= 500);
  expect(failed.map((answer) => `${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`)).toEqual([]);
}

/** Exactly one request of a burst from the same version wins; every other one is told 409 (nothing overwritten). */
export function expectOneWinner(answers: Answer[], ok = 200): Answer {
  expectNo5xx(answers);
  const others = answers.filter((answer) => answer.status !== ok && answer.status !== 409);
  expect(others.map((answer) => `${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`)).toEqual([]);
  expect(count(answers, ok)).toBe(1);
  expect(count(answers, 409)).toBe(answers.length - 1);
  return answers.find((answer) => answer.status === ok)!;
}

/** Every answer of a burst has this status. */
export function expectAll(answers: Answer[], status: number): void {
  expectNo5xx(answers);
  expect(answers.map((answer) => (answer.status === status ? status : `${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`))).toEqual(answers.map(() => status));
}

/** The index of the winning request: the one whose marker the stored record carries. */
export function winnerIndex(answers: Answer[], ok = 200): number {
  return answers.findIndex((answer) => answer.status === ok);
}

export async function unitId(target: Target, title: string, type?: string): Promise<number> {
  const rows = await target.db
    .select({ id: projectUnits.id })
    .from(projectUnits)
    .where(and(eq(projectUnits.title, title), type ? eq(projectUnits.type, type) : undefined));
  if (rows.length !== 1) throw new Error(`expected one unit titled ${title}, found ${rows.length}`);
  return rows[0].id;
}

/** Unit numbers handed out twice anywhere in the database (must stay empty). */
export async function duplicateNumbers(target: Target): Promise<string[]> {
  const rows = await target.db
    .select({ number: projectUnits.number })
    .from(projectUnits)
    .groupBy(projectUnits.number)
    .having(sql`count(*) > 1`);
  return rows.map((row) => row.number);
}

export const ok = (answer: Answer, status = 200) => {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(status);
  return answer.body;
};
