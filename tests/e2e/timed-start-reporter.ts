import type { Reporter, TestModule } from 'vitest/node';
import { TIMED_START_LINE } from '../../scripts/test-phases.mjs';

/**
 * Says on stdout when the first timed journey is queued, i.e. when every other journey has finished (the timed
 * group runs after them, vitest.e2e.config.ts). On two cores `npm test` starts the typecheck then: the timed
 * journeys, one at a time, leave one core idle, and the typecheck needs one.
 */
export default class TimedStartReporter implements Reporter {
  private said = false;

  onTestModuleQueued(testModule: TestModule): void {
    if (this.said || testModule.project.name !== 'timed') return;
    this.said = true;
    process.stdout.write(`${TIMED_START_LINE}\n`);
  }
}
