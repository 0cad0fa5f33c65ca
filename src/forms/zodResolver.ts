import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { issueArgs, messageWithArgs } from '../domain/validation';

/**
 * A react-hook-form resolver over the same zod schema the API uses. Messages are translation keys;
 * react-admin's inputs translate them. Only the schema's own fields are checked (the form may hold
 * read-only fields such as `id`).
 */
export function zodResolver<T extends FieldValues>(schema: z.ZodObject): Resolver<T> {
  const fields = Object.keys(schema.shape);
  return async (values) => {
    const picked = Object.fromEntries(fields.filter((field) => field in values).map((field) => [field, values[field]]));
    const result = await schema.safeParseAsync(picked);
    if (result.success) return { values: values as T, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.length ? issue.path.map(String)[0] : 'root';
      // The limits go with the key, so "at most %{max}" reads "at most 200" wherever the message is shown.
      if (!errors[path]) errors[path] = { type: issue.code, message: messageWithArgs(issue.message, issueArgs(issue)) };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}
