import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '../i18n/messages';
import { describeError } from './forms/server-errors';

/** The part of a TanStack Query result the scaffold reads. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

export interface ListPageProps<T> {
  title: string;
  /** The line under the title: what the list holds. */
  description: ReactNode;
  /** Buttons beside the title, e.g. New channel (shown only to those who may use them). */
  actions?: ReactNode;
  /** The signed-in user's organization; without one the page says how to set one up. */
  organization: string;
  /** Search and filters above the list. */
  toolbar?: ReactNode;
  query: ListQuery<T>;
  /** The loader's accessible name, e.g. "Loading channels". */
  loadingLabel: string;
  /** Whether the loaded data shows nothing (after search and filters). */
  isEmpty: (data: T) => boolean;
  /** What to say when it does. */
  empty: ReactNode;
  /** The list itself, for the loaded data. */
  children: (data: T) => ReactNode;
  /** After the list, e.g. the page's form modal. */
  after?: ReactNode;
}

/**
 * A list page's frame: title, description and actions; then, for a user with an organization,
 * the toolbar and the list, or its loader, error or empty message. The list pages (channels,
 * shows, members, embeds, archive) are each one of these, so they look and behave alike.
 */
export function ListPage<T>({
  title,
  description,
  actions,
  organization,
  toolbar,
  query,
  loadingLabel,
  isEmpty,
  empty,
  children,
  after,
}: ListPageProps<T>) {
  const t = messages();
  let body: ReactNode;
  if (query.isPending) body = <Loader role="status" aria-label={loadingLabel} />;
  else if (query.isError) {
    body = (
      <Alert color="red" role="alert">
        {describeError(query.error).error}
      </Alert>
    );
  } else if (query.data === undefined || isEmpty(query.data)) {
    body = (
      <Text c="dimmed" py="lg">
        {empty}
      </Text>
    );
  } else body = children(query.data);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </div>
        {actions}
      </Group>

      {organization ? (
        <>
          {toolbar}
          {body}
        </>
      ) : (
        <Alert color="yellow">
          {t.ui.noOrganization}{' '}
          <Anchor component={Link} to="/onboarding">
            {t.ui.setOneUp}
          </Anchor>
        </Alert>
      )}

      {after}
    </Stack>
  );
}
