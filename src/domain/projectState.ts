/** Closed and Archived count as closed; every other state as current. */
export const CLOSED_STATES = ['Closed', 'Archived'] as const;
export function isClosedState(stateKey: string): boolean {
  return (CLOSED_STATES as readonly string[]).includes(stateKey);
}

/** What a rule answers: allowed, or refused with the message key of the reason. */
export type RuleResult = { allowed: true } | { allowed: false; reason: string };

/** One rule for closed projects: a closed or archived root takes no more changes to its units, files or site. */
export function whileProjectOpen(rootState: string, reason = 'PROJECTS.Rules.ProjectClosed'): RuleResult {
  return isClosedState(rootState) ? { allowed: false, reason } : { allowed: true };
}
