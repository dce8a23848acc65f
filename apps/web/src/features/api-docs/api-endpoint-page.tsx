import { Alert, Anchor, Group, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import {
  curlExample,
  exampleText,
  operationsOf,
  type RecordedExample,
  sdkExample,
} from './api-docs-model';
import { CodeBlock } from './code-block';
import { FieldTable } from './field-table';
import { InlineText } from './inline-text';
import { MethodBadge } from './method-badge';
import { apiDocsQueries } from './queries';
import { TryIt } from './try-it';

/** /api-docs/:endpoint: one endpoint's parameters, body, replies, examples and "try it". */
export function ApiEndpointPage() {
  const t = messages();
  const { endpoint = '' } = useParams();
  const document = useQuery(apiDocsQueries.document());
  const operation = useMemo(
    () =>
      document.data ? operationsOf(document.data).find((each) => each.id === endpoint) : undefined,
    [document.data, endpoint],
  );
  const back = (
    <Anchor component={Link} to="/api-docs" size="sm">
      {t.apiDocs.allEndpoints}
    </Anchor>
  );

  if (document.isPending) return <Loader aria-label={t.apiDocs.apiReference} />;
  if (document.isError)
    return (
      <Alert color="red" title={t.apiDocs.couldNotLoad}>
        {back}
      </Alert>
    );
  if (!operation) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t.apiDocs.notFound(endpoint)}
        </Title>
        {back}
      </Stack>
    );
  }
  const origin = window.location.origin;
  const pathParameters = operation.parameters;

  return (
    <Stack gap="lg">
      {back}
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {operation.tag}
        </Text>
        <Title order={1} size="h2">
          {operation.summary}
        </Title>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <MethodBadge method={operation.method} />
          <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {operation.path}
          </Text>
        </Group>
        <InlineText text={operation.description} />
      </Stack>

      {operation.access && (
        <Stack gap="xs" component="section" aria-labelledby="who">
          <Title order={2} size="h4" id="who">
            {t.apiDocs.whoMayCallIt}
          </Title>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.apiDocs.who}</Table.Th>
                <Table.Th>{t.apiDocs.allowed}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(operation.access).map(([who, words]) => (
                <Table.Tr key={who}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{who}</Table.Td>
                  <Table.Td>
                    <InlineText text={words} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}

      {pathParameters.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="parameters">
          <Title order={2} size="h4" id="parameters">
            {t.apiDocs.parameters}
          </Title>
          <FieldTable rows={pathParameters} where />
        </Stack>
      )}

      {operation.body && (
        <Stack gap="xs" component="section" aria-labelledby="body">
          <Title order={2} size="h4" id="body">
            {t.apiDocs.requestBody}
          </Title>
          <Text size="sm">{t.apiDocs.sentAs(operation.body.types.join(', '))}</Text>
          <FieldTable rows={operation.body.fields} />
          {operation.body.recorded && (
            <Recorded recorded={operation.body.recorded} label={t.apiDocs.recordedBody} />
          )}
        </Stack>
      )}

      <Stack gap="xs" component="section" aria-labelledby="replies">
        <Title order={2} size="h4" id="replies">
          {t.apiDocs.replies}
        </Title>
        {operation.responses.map((response) => (
          <Stack key={response.status} gap={6}>
            <Text size="sm" fw={600}>
              {response.status === 'default' ? '4xx' : response.status}{' '}
              <Text span size="sm" fw={400}>
                {response.description}
                {response.contentType && response.contentType !== 'application/json'
                  ? ` (${response.contentType})`
                  : ''}
              </Text>
            </Text>
            {response.status.startsWith('2') && response.fields.length > 0 && (
              <FieldTable rows={response.fields} />
            )}
            {response.recorded && (
              <Recorded
                recorded={response.recorded}
                label={t.apiDocs.recordedExample(response.status)}
              />
            )}
          </Stack>
        ))}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="examples">
        <Title order={2} size="h4" id="examples">
          {t.apiDocs.examples}
        </Title>
        <Tabs defaultValue="curl" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="curl">{t.apiDocs.curl}</Tabs.Tab>
            <Tabs.Tab value="sdk">{t.apiDocs.javascriptSdk}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="curl" pt="xs">
            <CodeBlock code={curlExample(operation, origin)} label={t.apiDocs.curl} />
          </Tabs.Panel>
          <Tabs.Panel value="sdk" pt="xs">
            <CodeBlock code={sdkExample(operation, origin)} label={t.apiDocs.javascriptSdk} />
          </Tabs.Panel>
        </Tabs>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="try">
        <Title order={2} size="h4" id="try">
          {t.apiDocs.tryIt}
        </Title>
        <TryIt key={operation.id} operation={operation} />
      </Stack>
    </Stack>
  );
}

/** A request or reply recorded from the demo station: who sent what, then the body. */
function Recorded({ recorded, label }: { recorded: RecordedExample; label: string }) {
  const t = messages();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t.apiDocs.recordedFrom(recorded.summary, recorded.request)}
      </Text>
      <CodeBlock code={exampleText(recorded.value)} label={label} />
    </Stack>
  );
}
