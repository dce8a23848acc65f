import { Alert } from '@mantine/core';

export interface FormErrorProps {
  /** The form's message above its fields (`useRecordForm`'s `formError`), if any. */
  error: string | null;
}

/** The message above a form for a problem no single field explains. */
export function FormError({ error }: FormErrorProps) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  );
}
