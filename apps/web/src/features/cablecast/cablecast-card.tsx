import { formatUsDateTime } from '@airgrid/domain';
import type { CablecastCheck, CablecastConnectionRecord } from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlugConnected } from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { describeError } from '../../ui/forms/server-errors';
import { type RecordForm, useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import {
  addressBreaksRule,
  addressMoved,
  apiKeyOf,
  type CablecastFormValues,
  checkCredentials,
  initialValues,
  lastCheckOf,
  withCredentialsFor,
} from './cablecast-model';
import {
  cablecastKeys,
  cablecastQueries,
  disconnectCablecast,
  saveCablecast,
  testCablecast,
} from './cablecast-queries';

/** The form's problems before anything is sent: the address's seed rule, then the credentials. */
function checkForm(values: CablecastFormValues): Record<string, string> {
  const t = messages();
  return {
    ...(addressBreaksRule(values.baseUrl)
      ? { baseUrl: t.cablecast.addressIncorrectlyFormatted }
      : {}),
    ...checkCredentials(values),
  };
}

function confirmDisconnect(
  record: CablecastConnectionRecord,
  organization: string,
  queryClient: QueryClient,
) {
  const t = messages();
  modals.openConfirmModal({
    title: t.cablecast.disconnectTitle,
    children: <Text size="sm">{t.cablecast.disconnectExplained}</Text>,
    labels: { confirm: t.cablecast.disconnect, cancel: t.common.cancel },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      runAction(
        {
          save: () => disconnectCablecast(record.id),
          invalidate: [cablecastKeys.one(organization)],
          success: () => t.cablecast.disconnected,
          failure: { summary: t.cablecast.notDisconnected, group: 'cablecast-disconnect' },
        },
        appEffects(queryClient),
      ),
  });
}

/** What a test found, or why it failed, for the admin who pressed the button. */
function CheckResult({ check, zone }: { check: CablecastCheck; zone: string }) {
  const t = messages();
  const at = Date.parse(check.at.replace(' ', 'T'));
  const when = Number.isFinite(at) ? t.cablecast.checkedAt(formatUsDateTime(at, zone)) : '';
  if (!check.ok) {
    return (
      <Alert color="red" role="alert" title={t.cablecast.couldNotConnect}>
        <Text size="sm">{check.message}</Text>
        <Text size="xs" c="dimmed" mt={4}>
          {when}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="teal" role="status" title={t.cablecast.connected}>
      <Stack gap={6}>
        <Text size="sm">
          {t.cablecast.found(check.channels.length, check.showCount, check.signedIn)}
        </Text>
        {check.channels.length > 0 && (
          <Group gap={6} aria-label={t.cablecast.channelsOnTheServer}>
            {check.channels.map((channel) => (
              <Badge key={channel.id} variant="light" color="gray" tt="none">
                {channel.name}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {when}
        </Text>
      </Stack>
    </Alert>
  );
}

function CablecastForm({
  organization,
  record,
  zone,
}: {
  organization: string;
  record: CablecastConnectionRecord | null;
  zone: string;
}) {
  const t = messages();
  const queryClient = useQueryClient();
  const [check, setCheck] = useState<CablecastCheck | null>(() => lastCheckOf(record));
  const [testing, setTesting] = useState(false);
  const [testError, setTestError] = useState<string | null>(null);
  const form: RecordForm<CablecastFormValues, CablecastConnectionRecord> = useRecordForm({
    initialValues: () => initialValues(record),
    validate: (values) => checkForm(withCredentialsFor(values, record)),
    serverFields: ['baseUrl', 'user'],
    aliases: { apiKey: 'user' },
    save: (values) => {
      const apiKey = apiKeyOf(withCredentialsFor(values, record));
      return saveCablecast({
        baseUrl: values.baseUrl,
        ...(apiKey === undefined ? {} : { apiKey }),
      });
    },
    invalidate: [cablecastKeys.one(organization)],
    success: () => t.cablecast.saved,
  });
  // A new address shows the credential fields: the saved ones stay with their address.
  const values = withCredentialsFor(form.values, record);
  const moved = record?.hasCredentials === true && addressMoved(values.baseUrl, record);
  /** Sets a field and drops its message: the message was about the value replaced. */
  const edit = (field: 'baseUrl' | 'user' | 'password', value: string) => {
    form.set({ [field]: value });
    if (form.errors[field]) {
      const { [field]: _old, ...rest } = form.errors;
      form.setErrors(rest);
    }
  };

  async function test() {
    const problems = checkForm(values);
    if (Object.keys(problems).length > 0) {
      form.setErrors(problems);
      return;
    }
    setTesting(true);
    setTestError(null);
    try {
      const apiKey = apiKeyOf(values);
      const found = await testCablecast({
        baseUrl: values.baseUrl,
        ...(apiKey === undefined ? {} : { apiKey }),
      });
      setCheck(found);
      await queryClient.invalidateQueries({ queryKey: cablecastKeys.one(organization) });
    } catch (error) {
      const described = describeError(error);
      const fields = described.fieldErrors;
      if (Object.keys(fields).length > 0)
        form.setErrors({
          ...(fields.baseUrl ? { baseUrl: fields.baseUrl } : {}),
          ...(fields.apiKey ? { user: fields.apiKey } : {}),
        });
      else setTestError(described.error);
    } finally {
      setTesting(false);
    }
  }

  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <FormError error={form.formError ?? testError} />
        <TextInput
          label={t.cablecast.serverAddress}
          description={t.cablecast.serverAddressHelp}
          placeholder={t.cablecast.serverAddressPlaceholder}
          required
          autoComplete="off"
          value={values.baseUrl}
          error={form.errors.baseUrl}
          onChange={(event) => edit('baseUrl', event.currentTarget.value)}
        />
        {values.editingCredentials ? (
          <Stack gap={6}>
            <Group align="flex-start" gap="sm" grow>
              <TextInput
                label={t.cablecast.userName}
                autoComplete="off"
                value={values.user}
                error={form.errors.user}
                onChange={(event) => edit('user', event.currentTarget.value)}
              />
              <PasswordInput
                label={t.cablecast.password}
                autoComplete="new-password"
                value={values.password}
                error={form.errors.password}
                onChange={(event) => edit('password', event.currentTarget.value)}
              />
            </Group>
            <Text size="xs" c="dimmed">
              {moved ? t.cablecast.credentialsForNewAddress : t.cablecast.credentialsHelp}
            </Text>
          </Stack>
        ) : (
          <Group gap="sm">
            <Text size="sm">{t.cablecast.credentialsStored}</Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => form.set({ editingCredentials: true })}
            >
              {t.cablecast.replaceCredentials}
            </Anchor>
          </Group>
        )}
        <Group gap="sm">
          <Button type="submit" loading={form.busy}>
            {t.cablecast.save}
          </Button>
          <Button
            variant="default"
            loading={testing}
            leftSection={<IconPlugConnected size={16} />}
            onClick={test}
          >
            {t.cablecast.testConnection}
          </Button>
          {record && (
            <Button
              variant="subtle"
              color="red"
              ml="auto"
              onClick={() => confirmDisconnect(record, organization, queryClient)}
            >
              {t.cablecast.disconnect}
            </Button>
          )}
        </Group>
        {testing ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t.cablecast.testing}</Text>
          </Group>
        ) : (
          check && <CheckResult check={check} zone={zone} />
        )}
      </Stack>
    </form>
  );
}

/**
 * Cablecast (owners and admins): the station's playout server, where many US public-access
 * stations keep their schedule. The address and optional credentials are saved; Test
 * connection shows the channels and shows it finds, or exactly why it cannot.
 */
export function CablecastCard({ organization, zone }: { organization: string; zone: string }) {
  const t = messages();
  const connection = useQuery(cablecastQueries.one(organization));
  let body: ReactNode;
  if (connection.isPending)
    body = <Loader role="status" aria-label={t.cablecast.loading} size="sm" />;
  else if (connection.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(connection.error).error}
      </Alert>
    );
  else
    body = (
      // A new key when the saved record changes: the form starts over from what is saved.
      <CablecastForm
        key={connection.data?.updated ?? 'none'}
        organization={organization}
        record={connection.data}
        zone={zone}
      />
    );
  return (
    <SectionCard title={t.cablecast.title}>
      <Stack gap="md">
        <Text size="sm">{t.cablecast.intro}</Text>
        {body}
      </Stack>
    </SectionCard>
  );
}
