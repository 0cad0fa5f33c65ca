import { DateField as RaDateField, NumberField as RaNumberField, useLocaleState, type DateFieldProps, type NumberFieldProps } from 'react-admin';

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** react-admin's DateField in the user's language (its default is the browser's locale), styled as src/domain/format.ts. */
export function DateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <RaDateField locales={locale} options={props.showTime ? DATE_TIME : DATE} {...props} />;
}

/** react-admin's NumberField in the user's language (its default is the browser's locale). */
export function NumberField(props: NumberFieldProps) {
  const [locale] = useLocaleState();
  return <RaNumberField locales={locale} {...props} />;
}
