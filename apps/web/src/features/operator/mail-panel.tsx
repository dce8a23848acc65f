import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { toast } from '../../ui/toast';
import {
  type MailValues,
  type OperatorSettings,
  operatorKeys,
  operatorQueries,
  saveMailSettings,
  sendTestEmail,
} from './queries';

const ALIASES = {
  'meta.senderName': 'senderName',
  'meta.senderAddress': 'senderAddress',
  'smtp.enabled': 'enabled',
  'smtp.host': 'host',
  'smtp.port': 'port',
  'smtp.username': 'username',
  'smtp.password': 'password',
  'smtp.tls': 'tls',
};

/** The sender and the SMTP server (saved in the database), a test email, and the rest read-only. */
export function MailPanel() {
  const t = messages();
  const settings = useQuery(operatorQueries.settings());
  if (settings.isPending) return <Loader aria-label={t.operator.settings} />;
  if (settings.isError) return <Alert color="red">{t.operator.couldNotLoad}</Alert>;
  return (
    <Stack gap="xl">
      <MailForm key={JSON.stringify(settings.data.smtp)} settings={settings.data} />
      <TestEmail />
      <EnvironmentSettings settings={settings.data} />
    </Stack>
  );
}

function MailForm({ settings }: { settings: OperatorSettings }) {
  const t = messages();
  const form = useRecordForm<MailValues, OperatorSettings>({
    initialValues: {
      senderName: settings.meta.senderName,
      senderAddress: settings.meta.senderAddress,
      enabled: settings.smtp.enabled,
      host: settings.smtp.host,
      port: settings.smtp.port,
      username: settings.smtp.username,
      password: '',
      tls: settings.smtp.tls,
    },
    save: saveMailSettings,
    invalidate: [operatorKeys.settings()],
    success: () => t.operator.saved,
    aliases: ALIASES,
    serverFields: Object.values(ALIASES),
  });
  const { values, errors, busy, formError } = form;
  return (
    <form onSubmit={form.submit} noValidate aria-labelledby="mail-settings">
      <Stack gap="sm" maw={720}>
        <Title order={2} size="h4" id="mail-settings">
          {t.operator.sender}
        </Title>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t.operator.senderName}
            value={values.senderName}
            onChange={(event) => form.set({ senderName: event.currentTarget.value })}
            error={errors.senderName}
          />
          <TextInput
            label={t.operator.senderAddress}
            type="email"
            value={values.senderAddress}
            onChange={(event) => form.set({ senderAddress: event.currentTarget.value })}
            error={errors.senderAddress}
          />
        </SimpleGrid>
        <Title order={2} size="h4" mt="md">
          {t.operator.smtpServer}
        </Title>
        <Text size="sm" c="dimmed">
          {t.operator.smtpSource(settings.smtp.source)}
        </Text>
        <Switch
          label={t.operator.useSmtp}
          checked={values.enabled}
          onChange={(event) => form.set({ enabled: event.currentTarget.checked })}
        />
        {values.enabled && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t.operator.host}
                value={values.host}
                onChange={(event) => form.set({ host: event.currentTarget.value })}
                error={errors.host}
                withAsterisk
              />
              <NumberInput
                label={t.operator.port}
                value={values.port}
                min={1}
                max={65535}
                allowDecimal={false}
                onChange={(value) => form.set({ port: typeof value === 'number' ? value : 0 })}
                error={errors.port}
              />
              <TextInput
                label={t.operator.username}
                value={values.username}
                autoComplete="off"
                onChange={(event) => form.set({ username: event.currentTarget.value })}
                error={errors.username}
              />
              <PasswordInput
                label={t.operator.password}
                description={t.operator.passwordKept}
                value={values.password}
                autoComplete="new-password"
                onChange={(event) => form.set({ password: event.currentTarget.value })}
                error={errors.password}
              />
            </SimpleGrid>
            <Checkbox
              label={t.operator.tls}
              checked={values.tls}
              onChange={(event) => form.set({ tls: event.currentTarget.checked })}
            />
          </>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            {t.operator.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TestEmail() {
  const t = messages();
  const [email, setEmail] = useState('');
  const [template, setTemplate] = useState('verification');
  const send = useMutation({
    mutationFn: () => sendTestEmail(email, template),
    onSuccess: () => toast({ severity: 'success', summary: t.operator.testSent(email) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  const failure = send.error ? describeError(send.error) : null;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="test-email">
      <Stack gap="sm" maw={720}>
        <Title order={2} size="h4" id="test-email">
          {t.operator.testEmail}
        </Title>
        {failure && !failure.fieldErrors.email && (
          <Alert color="red" role="alert">
            {failure.error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t.operator.testTo}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={failure?.fieldErrors.email}
          />
          <Select
            label={t.operator.template}
            value={template}
            allowDeselect={false}
            onChange={(value) => setTemplate(value ?? 'verification')}
            data={Object.entries(t.operator.templates).map(([value, label]) => ({ value, label }))}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" variant="default" loading={send.isPending}>
            {t.operator.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EnvironmentSettings({ settings }: { settings: OperatorSettings }) {
  const t = messages();
  const providers = settings.oauth2.providers.map((provider) => provider.name).join(', ');
  return (
    <Stack gap="xs" maw={720} component="section" aria-labelledby="environment">
      <Title order={2} size="h4" id="environment">
        {t.operator.fromEnvironment}
      </Title>
      <Text size="sm" c="dimmed">
        {t.operator.environmentLead}
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          <b>{t.operator.storage}:</b>{' '}
          {settings.s3.enabled
            ? t.operator.s3Bucket(settings.s3.bucket, settings.s3.region)
            : t.operator.localStorage}
        </List.Item>
        <List.Item>
          <b>{t.operator.rateLimits}:</b>{' '}
          {settings.rateLimits.rules
            .map(
              (rule) => `${rule.label}: ${t.operator.perWindow(rule.maxRequests, rule.duration)}`,
            )
            .join('; ')}
        </List.Item>
        <List.Item>
          <b>{t.operator.signInProviders}:</b> {providers || t.operator.passwordOnly}
        </List.Item>
        <List.Item>
          <b>{t.operator.privateNetworks}:</b>{' '}
          {t.operator.webhooksPrivate(settings.network.webhooksAllowPrivate)},{' '}
          {t.operator.cablecastPrivate(settings.network.cablecastAllowPrivate)}
        </List.Item>
      </List>
    </Stack>
  );
}
