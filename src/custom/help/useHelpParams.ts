import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { HELP_FACTS } from '../../domain/help';
import { formatFileSize } from '../../domain/format';

/** The numbers the help texts quote, formatted for the reader's language. */
export function useHelpParams() {
  const [locale] = useLocaleState();
  return useMemo(
    () => ({
      maxFileSize: formatFileSize(HELP_FACTS.maxFileBytes, locale),
      maxUploadSize: formatFileSize(HELP_FACTS.maxUploadBytes, locale),
      maxFiles: HELP_FACTS.maxFiles,
      fileTypes: HELP_FACTS.fileTypes,
      maxVolume: HELP_FACTS.maxVolume,
      palletsMin: HELP_FACTS.palletsMin,
      palletsMax: HELP_FACTS.palletsMax,
      lengthStep: HELP_FACTS.lengthStep,
    }),
    [locale],
  );
}
