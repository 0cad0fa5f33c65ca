import { Alert, AlertTitle, Card, CardContent, Stack } from '@mui/material';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import draftSchema from '../../../../schemas/structure/draft.schema.json';
import draftUiSchema from '../../../../schemas/structure/draft.uischema.json';
import { structureProblems, type StructureDraft } from '../../../domain/structure';
import { mergeErrorSchemas, problemsToErrorSchema, serverMessagesToErrorSchema } from '../../../forms/errorSchema';
import { SchemaForm } from '../../../forms/SchemaForm';
import type { StructureFormContext } from '../../../forms/structure/structureFormContext';
import type { ApiFieldMessage, StructurePageData } from './structureQueries';
import { StructureToolbar } from './StructureToolbar';
import { useStructureDraft } from './useStructureDraft';

/**
 * The draft in the schema form with the toolbar above it. The domain's rules run on every change and show at the
 * fields (the schema's shape is kept by the form itself and checked again by the server); a refused creation's
 * messages show there too until the next change.
 */
export function StructureEditor({ data, onReload }: { data: StructurePageData; onReload: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const rootId = data.rootProjectUnitID;
  const draftState = useStructureDraft(rootId, data);
  const { draft } = draftState;
  const [serverErrors, setServerErrors] = useState<ErrorSchema>({});
  const [ifcError, setIfcError] = useState<string | null>(null);
  const problems = useMemo(() => structureProblems(draft, data.rules), [draft, data.rules]);
  const extraErrors = useMemo(() => mergeErrorSchemas(problemsToErrorSchema(problems, translate, locale), serverErrors), [problems, translate, locale, serverErrors]);
  const formContext: StructureFormContext = useMemo(
    () => ({ rules: data.rules, withMaterials: data.withMaterials, secondLevelType: data.secondLevelType, locale }),
    [data.rules, data.withMaterials, data.secondLevelType, locale],
  );

  const change = (next: StructureDraft) => {
    setServerErrors({});
    setIfcError(null);
    draftState.change(next);
  };

  return (
    <Stack spacing={2}>
      {!data.canEdit && (
        <Alert severity="info" data-testid="structure-read-only">
          <AlertTitle>{translate('STRUCTURE.ReadOnlyTitle')}</AlertTitle>
          {data.editReason ? translate(data.editReason, { _: data.editReason }) : translate('STRUCTURE.ReadOnly')}
        </Alert>
      )}
      {data.canEdit && (
        <StructureToolbar
          data={data}
          draftState={{ ...draftState, change }}
          problems={problems}
          onReload={onReload}
          onIfcError={setIfcError}
          onServerProblems={(messages: ApiFieldMessage[]) => setServerErrors(serverMessagesToErrorSchema(messages))}
        />
      )}
      {ifcError && (
        <Alert severity="error" onClose={() => setIfcError(null)} data-testid="ifc-error">
          {ifcError}
        </Alert>
      )}
      <Card>
        <CardContent sx={{ pt: 1 }}>
          <SchemaForm<StructureDraft>
            schema={draftSchema as RJSFSchema}
            uiSchema={draftUiSchema as UiSchema<StructureDraft>}
            formData={draft}
            onChange={(event) => event.formData && change(event.formData)}
            extraErrors={extraErrors}
            formContext={formContext}
            readonly={!data.canEdit}
            noValidate
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
