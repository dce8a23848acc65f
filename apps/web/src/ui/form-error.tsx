import { Alert } from '@mantine/core';

export interface FormErrorProps {
  /** The form's message from the API, if any. */
  error: string | null;
  /** Field messages shown beside their fields; when there are some, they say it already. */
  fieldErrors?: Record<string, string>;
}

/** The message above a form for a problem no single field explains. */
export function FormError({ error, fieldErrors = {} }: FormErrorProps) {
  if (!error || Object.keys(fieldErrors).length > 0) return null;
  return (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  );
}
