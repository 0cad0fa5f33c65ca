/**
 * Why the 3D viewer shows no model, in the user's language (the viewer and the order proposal).
 */
import type { ViewerMessage } from '../../src/domain/viewerModel.js';
import { translate } from '../lib/i18n.js';
import { IFC_MAX_BYTES } from './ifc-structure.js';
import type { ModelRow } from './ifc-viewer.js';

const MB = 1024 * 1024;

/** Why a model could not be read, in the user's language; `reason` is empty where the key needs none. */
export function failureMessages(model: ModelRow | null, language: string): (ViewerMessage & { type: 'error'; text: string })[] {
  const key = model?.errorKey ?? 'IFC.Broken';
  const reasonKey = model?.errorReason ?? (key === 'IFC.Broken' ? 'IFC.Reason.Unreadable' : null);
  const params: Record<string, string> = { reason: reasonKey ? translate(language, reasonKey) : '' };
  if (key === 'IFC.TooLarge') params.max = `${IFC_MAX_BYTES / MB} MB`;
  return [{ type: 'error', key, params, text: translate(language, key, params) }];
}
