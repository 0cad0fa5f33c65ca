import { useTranslate } from 'react-admin';

/**
 * A material type in the user's language: the known material keys have translations (MATERIAL_TYPES.<key>), a type a
 * manufacturer added shows its configured name.
 */
export function useMaterialTypeLabel(): (type: { key: string; label: string }) => string {
  const translate = useTranslate();
  return (type) => translate(`MATERIAL_TYPES.${type.key}`, { _: type.label });
}
