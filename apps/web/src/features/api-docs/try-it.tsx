import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { signInPathFor } from '../../lib/next-path';
import { useAuth } from '../../lib/use-auth';
import { type ApiOperation, fillPath } from './api-docs-model';
import { CodeBlock } from './code-block';
import { tryRequest } from './queries';

/** Sends the endpoint's request as the signed-in member, or with an API key they type. */
export function TryIt({ operation }: { operation: ApiOperation }) {
  const t = messages();
  const { user } = useAuth();
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() =>
    operation.body ? JSON.stringify(operation.body.example, null, 2) : '',
  );
  const [as, setAs] = useState<'session' | 'key'>('session');
  const [apiKey, setApiKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({ mutationFn: tryRequest });

  if (!user) {
    return (
      <Text size="sm">
        {t.apiDocs.tryItSignedOut}{' '}
        <Anchor
          component={Link}
          to={signInPathFor(`/api-docs/${encodeURIComponent(operation.id)}`)}
        >
          {t.apiDocs.signIn}
        </Anchor>
      </Text>
    );
  }

  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const set = (name: string) => (event: { currentTarget: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.currentTarget.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank = pathParameters.find((parameter) => !values[parameter.name]?.trim());
    if (blank) return setProblem(t.apiDocs.fillIn(blank.name));
    let sent: string | null = null;
    if (operation.body?.types.includes('application/json')) {
      try {
        sent = JSON.stringify(JSON.parse(body || '{}'));
      } catch {
        return setProblem(t.apiDocs.bodyIsNotJson);
      }
    }
    setProblem(null);
    send.mutate({
      method: operation.method,
      path: fillPath(operation.path, values),
      query: Object.fromEntries(
        queryParameters.map((parameter) => [parameter.name, values[parameter.name] ?? '']),
      ),
      body: sent,
      apiKey: as === 'key' ? apiKey : '',
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t.apiDocs.sendAs}
          value={as}
          onChange={(value) => setAs(value === 'key' ? 'key' : 'session')}
          data={[
            { value: 'session', label: t.apiDocs.yourSession },
            { value: 'key', label: t.apiDocs.anApiKey },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {as === 'key' && (
          <PasswordInput
            label={t.apiDocs.apiKey}
            description={t.apiDocs.apiKeyHint}
            value={apiKey}
            onChange={(event) => setApiKey(event.currentTarget.value)}
            autoComplete="off"
          />
        )}
        {(pathParameters.length > 0 || queryParameters.length > 0) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {[...pathParameters, ...queryParameters].map((parameter) => (
              <TextInput
                key={`${parameter.in}${parameter.name}`}
                label={parameter.name}
                description={`${parameter.in} · ${parameter.type}`}
                withAsterisk={parameter.required}
                value={values[parameter.name] ?? ''}
                onChange={set(parameter.name)}
              />
            ))}
          </SimpleGrid>
        )}
        {operation.body?.types.includes('application/json') && (
          <Textarea
            label={t.apiDocs.body}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={16}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        )}
        {problem && (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={send.isPending}>
            {t.apiDocs.send}
          </Button>
        </Group>
        {send.isError && <Alert color="red">{t.apiDocs.requestFailed}</Alert>}
        {send.data && (
          <Stack gap={6} aria-live="polite">
            <Badge
              color={send.data.status < 400 ? 'green' : 'red'}
              variant="light"
              style={{ alignSelf: 'flex-start' }}
            >
              {t.apiDocs.status(send.data.status, send.data.statusText, send.data.ms)}
            </Badge>
            {send.data.body && <CodeBlock code={send.data.body} label={t.apiDocs.replies} />}
          </Stack>
        )}
      </Stack>
    </form>
  );
}
