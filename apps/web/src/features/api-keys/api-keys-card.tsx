import { describeField, formatUsDate, formatUsDateTime, fromRecordDate } from '@airgrid/domain';
import { type ApiKeyRecord, type ApiKeyRole, apiKeys } from '@airgrid/schema';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKey } from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { messages } from '../../i18n/messages';
import { CopyField } from '../../ui/copy-field';
import { FormError } from '../../ui/form-error';
import { appEffects } from '../../ui/forms/query-effects';
import { RulesField } from '../../ui/forms/rules-field';
import { runAction } from '../../ui/forms/save-flow';
import { collectionRules } from '../../ui/forms/schema-rules';
import { describeError } from '../../ui/forms/server-errors';
import { type RecordForm, useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import {
  curlSnippet,
  EXPIRY_CHOICES,
  type ExpiryChoice,
  expiresFor,
  isApiKeyRole,
  isExpired,
  sdkSnippet,
  sortKeys,
} from './api-keys-model';
import {
  apiKeyKeys,
  apiKeyQueries,
  type CreatedApiKey,
  createApiKey,
  revokeApiKey,
  serverOrigin,
} from './api-keys-queries';

type KeyForm = { name: string; role: string; expiry: string };

/** Snippets wrap rather than scroll: a long key stays readable on a phone, with no keyboard trap. */
const WRAPPED = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

function keyFields() {
  const t = messages();
  return [
    describeField({
      label: t.apiKeys.name,
      name: 'name',
      type: 'text',
      rules: collectionRules(apiKeys, 'name'),
      placeholder: t.apiKeys.namePlaceholder,
    }),
    describeField({
      label: t.apiKeys.role,
      name: 'role',
      type: 'select',
      rules: 'required',
      value: 'viewer',
      options: [
        { value: 'viewer', label: t.apiKeys.roleLabels.viewer },
        { value: 'editor', label: t.apiKeys.roleLabels.editor },
      ],
    }),
    describeField({
      label: t.apiKeys.expires,
      name: 'expiry',
      type: 'select',
      rules: 'required',
      value: '90',
      options: EXPIRY_CHOICES.map((choice) => ({
        value: choice,
        label: t.apiKeys.expiryLabels[choice],
      })),
    }),
  ];
}

function confirmRevoke(key: ApiKeyRecord, queryClient: QueryClient) {
  const t = messages();
  modals.openConfirmModal({
    title: t.apiKeys.revokeTitle(key.name),
    children: <Text size="sm">{t.apiKeys.revokeExplained}</Text>,
    labels: { confirm: t.apiKeys.revoke, cancel: t.common.cancel },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      runAction(
        {
          save: () => revokeApiKey(key.id),
          invalidate: [apiKeyKeys.list(key.organization)],
          success: () => t.apiKeys.revoked(key.name),
          failure: { summary: t.apiKeys.notRevoked, group: 'api-key-revoke' },
        },
        appEffects(queryClient),
      ),
  });
}

/** The new key, shown this once, with the first lines of a script that uses it. */
function NewKeyModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const t = messages();
  const origin = serverOrigin();
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={created ? t.apiKeys.newKeyTitle(created.name) : ''}
      size="lg"
      closeOnClickOutside={false}
    >
      {created && (
        <Stack gap="md">
          <Alert color="yellow" role="status">
            {t.apiKeys.copyItNow}
          </Alert>
          <CopyField label={t.apiKeys.theKey} value={created.key} />
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t.apiKeys.useItWithTheSdk}
            </Text>
            <Code block style={WRAPPED}>
              {sdkSnippet(origin, created.key, created.organization)}
            </Code>
          </div>
          <div>
            <Text size="sm" fw={600} mb={4}>
              {t.apiKeys.orFromTheCommandLine}
            </Text>
            <Code block style={WRAPPED}>
              {curlSnippet(origin, created.key)}
            </Code>
          </div>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t.apiKeys.iCopiedIt}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * API keys (owners and admins): scripts and other systems use one instead of signing in. A key
 * reads as a viewer or writes as an editor, in this station only; it is shown once, when made.
 */
export function ApiKeysCard({ organization, zone }: { organization: string; zone: string }) {
  const t = messages();
  const queryClient = useQueryClient();
  const list = useQuery(apiKeyQueries.list(organization));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form: RecordForm<KeyForm, CreatedApiKey> = useRecordForm({
    fields: keyFields(),
    initialValues: { name: '', role: 'viewer', expiry: '90' },
    serverFields: ['name', 'role'],
    aliases: { expires: 'expiry' },
    save: (values) =>
      createApiKey({
        name: values.name.trim(),
        role: (isApiKeyRole(values.role) ? values.role : 'viewer') as ApiKeyRole,
        expires: expiresFor(values.expiry as ExpiryChoice, Date.now()),
      }),
    invalidate: [apiKeyKeys.list(organization)],
    success: (saved) => t.apiKeys.created(saved.name),
    onSaved: (saved, values): void => {
      setCreated(saved);
      form.reset({ name: '', role: values.role, expiry: values.expiry });
    },
  });
  const now = Date.now();

  let body: ReactNode;
  if (list.isPending) body = <Loader role="status" aria-label={t.apiKeys.loading} size="sm" />;
  else if (list.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(list.error).error}
      </Alert>
    );
  else if (list.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t.apiKeys.none}
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label={t.apiKeys.title} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.apiKeys.name}</Table.Th>
              <Table.Th>{t.apiKeys.role}</Table.Th>
              <Table.Th>{t.apiKeys.key}</Table.Th>
              <Table.Th>{t.apiKeys.createdColumn}</Table.Th>
              <Table.Th>{t.apiKeys.lastUsed}</Table.Th>
              <Table.Th>{t.apiKeys.expires}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t.apiKeys.actions}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sortKeys(list.data, now).map((key) => {
              const made = fromRecordDate(key.created);
              const used = fromRecordDate(key.lastUsed);
              const expires = fromRecordDate(key.expires);
              return (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {t.apiKeys.roleLabels[key.role]}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Code>{`${key.prefix}…`}</Code>
                  </Table.Td>
                  <Table.Td>{made === null ? '' : formatUsDate(made, zone)}</Table.Td>
                  <Table.Td>
                    {used === null ? t.apiKeys.never : formatUsDateTime(used, zone)}
                  </Table.Td>
                  <Table.Td>
                    {isExpired(key, now) ? (
                      <Badge color="red" variant="light">
                        {t.apiKeys.expired}
                      </Badge>
                    ) : expires === null ? (
                      t.apiKeys.never
                    ) : (
                      formatUsDate(expires, zone)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => confirmRevoke(key, queryClient)}
                        aria-label={t.apiKeys.revokeLabel(key.name)}
                      >
                        {t.apiKeys.revoke}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <SectionCard title={t.apiKeys.title}>
      <Stack gap="md">
        <Text size="sm">{t.apiKeys.intro}</Text>
        <form onSubmit={form.submit} noValidate>
          <FormError error={form.formError} />
          <Group align="flex-start" gap="sm" wrap="wrap">
            <div style={{ flex: '1 1 200px' }}>
              <RulesField form={form} name="name" autoComplete="off" />
            </div>
            <div style={{ flex: '0 1 160px' }}>
              <RulesField form={form} name="role" />
            </div>
            <div style={{ flex: '0 1 140px' }}>
              <RulesField form={form} name="expiry" />
            </div>
            <Button type="submit" loading={form.busy} leftSection={<IconKey size={16} />} mt={25}>
              {t.apiKeys.create}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" mt="xs">
            {t.apiKeys.roleSummaries[isApiKeyRole(form.values.role) ? form.values.role : 'viewer']}
          </Text>
        </form>
        {body}
      </Stack>
      <NewKeyModal created={created} onClose={() => setCreated(null)} />
    </SectionCard>
  );
}
