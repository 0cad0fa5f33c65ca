import { withTheme, type FormProps } from '@rjsf/core';
import { Theme } from '@rjsf/mui';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import ajvValidator from '@rjsf/validator-ajv8';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { translateValidationErrors } from './errorSchema';
import { formRegistry } from './formRegistry';
import { translateSchema, translateUiSchema } from './translateSchema';

const ThemedForm = withTheme(Theme);

export type SchemaFormProps<T> = Omit<FormProps<T>, 'validator'> & {
  /**
   * Defaults to ajv (draft-07), which compiles schemas with `new Function`: the portal's CSP has no
   * 'unsafe-eval', so in the browser validate with a precompiled validator (`createPrecompiledValidator`) or,
   * where the rules live in src/domain, pass `noValidate` and show the domain's problems as `extraErrors`.
   */
  validator?: ValidatorType<T>;
};

/**
 * The portal's JSON-Schema form: rjsf with the MUI theme, the portal's fields and widgets (`formRegistry`), titles
 * and descriptions that are translation keys translated, ajv's messages translated, no browser validation (its
 * `required` bubbles would pre-empt ours) and no error list at the top (errors show at their fields).
 */
export function SchemaForm<T>({ schema, uiSchema, validator, fields, widgets, transformErrors, ...props }: SchemaFormProps<T>) {
  const translate = useTranslate();
  const translatedSchema = useMemo(() => translateSchema(schema as RJSFSchema, translate), [schema, translate]);
  const translatedUiSchema = useMemo(() => (uiSchema ? translateUiSchema(uiSchema as UiSchema, translate) : undefined), [uiSchema, translate]);
  const allFields = useMemo(() => ({ ...formRegistry.fields, ...fields }), [fields]);
  const allWidgets = useMemo(() => ({ ...formRegistry.widgets, ...widgets }), [widgets]);
  return (
    <ThemedForm
      schema={translatedSchema}
      uiSchema={translatedUiSchema}
      validator={(validator ?? ajvValidator) as ValidatorType<T>}
      fields={allFields}
      widgets={allWidgets}
      noHtml5Validate
      showErrorList={false}
      transformErrors={transformErrors ?? ((errors) => translateValidationErrors(errors, translate))}
      {...props}
    />
  );
}
