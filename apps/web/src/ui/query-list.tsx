import { Alert, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { describeError } from './forms/server-errors';

/** The part of a TanStack Query result of a list that the block reads. */
export interface ListResult<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: readonly T[] | undefined;
}

/**
 * A list inside a card: its loader while it loads, the server's reason when it failed, a
 * dimmed line when it is empty, else the list. The cards of member pages, integrations and
 * invites are each one of these, so they wait, fail and stay empty alike.
 */
export function QueryList<T>({
  query,
  loadingLabel,
  empty,
  children,
}: {
  query: ListResult<T>;
  /** The loader's accessible name, e.g. "Loading reservations". */
  loadingLabel: string;
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (query.isPending) return <Loader role="status" aria-label={loadingLabel} size="sm" />;
  if (query.isError || !query.data)
    return (
      <Alert color="red" role="alert">
        {describeError(query.error).error}
      </Alert>
    );
  if (query.data.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  return children(query.data);
}
