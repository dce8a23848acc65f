import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { usePageReady } from '../../lib/use-page-ready';
import { groupByTag, searchOperations } from './api-docs-model';
import { MethodBadge } from './method-badge';
import { apiDocsQueries, OPENAPI_URL } from './queries';

/**
 * /api-docs: every endpoint, grouped by area, searchable; each links to its own page. Rendered
 * by the server for guests (decision 0042) from the document's index, never the whole document.
 */
export function ApiDocsPage() {
  usePageReady();
  const t = messages();
  const document = useQuery(apiDocsQueries.index());
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const groups = useMemo(
    () => groupByTag(searchOperations(document.data?.operations ?? [], deferred)),
    [document.data, deferred],
  );
  const shown = groups.reduce((sum, group) => sum + group.operations.length, 0);

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {t.apiDocs.apiReference}
        </Title>
        {document.data && <Text c="dimmed">{t.apiDocs.intro(document.data.version)}</Text>}
        <Anchor href={OPENAPI_URL} size="sm">
          {t.apiDocs.theWholeDocument}
        </Anchor>
      </Stack>
      {document.isPending && <Loader aria-label={t.apiDocs.apiReference} />}
      {document.isError && (
        <Alert color="red" title={t.apiDocs.couldNotLoad}>
          <Button variant="light" color="red" mt="xs" onClick={() => document.refetch()}>
            {t.apiDocs.tryAgain}
          </Button>
        </Alert>
      )}
      {document.data && (
        <>
          <TextInput
            type="search"
            label={t.apiDocs.search}
            placeholder={t.apiDocs.searchPlaceholder}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            description={t.apiDocs.endpointsShown(shown)}
          />
          {shown === 0 && <Text>{t.apiDocs.noMatch(query)}</Text>}
          {groups.map((group) => (
            <Stack
              key={group.tag}
              gap={6}
              component="section"
              aria-labelledby={`group-${group.tag}`}
            >
              <Title order={2} size="h4" id={`group-${group.tag}`}>
                {group.tag}
              </Title>
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {group.operations.map((operation) => (
                  <li key={`${operation.method} ${operation.path}`}>
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <MethodBadge method={operation.method} />
                      <Anchor
                        component={Link}
                        to={`/api-docs/${encodeURIComponent(operation.id)}`}
                        size="sm"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        <Text span ff="monospace" size="sm">
                          {operation.path}
                        </Text>
                        <Text span size="sm" c="dimmed">
                          {' '}
                          {operation.summary}
                        </Text>
                      </Anchor>
                    </Group>
                  </li>
                ))}
              </Stack>
            </Stack>
          ))}
        </>
      )}
    </Stack>
  );
}
