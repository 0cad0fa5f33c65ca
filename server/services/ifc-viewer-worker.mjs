// Starts the IFC extraction worker from its TypeScript source in every setup (npm start, vitest, bench):
// the worker gets tsx registered here instead of relying on the parent's --import flags.
import { register } from 'tsx/esm/api';

register();
await import('./ifc-viewer-worker.ts');
