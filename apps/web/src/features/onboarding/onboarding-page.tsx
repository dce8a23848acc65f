import {
  Alert,
  Button,
  FileInput,
  Group,
  NumberInput,
  Select,
  Stack,
  Stepper,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { pb } from '../../lib/pocketbase';
import { useAuth } from '../../lib/use-auth';
import { FormError } from '../../ui/form-error';
import { useSubmit } from '../auth/use-submit';
import { browserTimeZone, slugify, timeZones } from './slug';

/**
 * First run: create an organization (or join one with an invite), create the first channel,
 * then land on the dashboard.
 */
export function OnboardingPage() {
  const { isSignedIn, user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const hasOrganization = Boolean(user?.organization);
  const [step, setStep] = useState(hasOrganization ? 1 : 0);

  if (!isSignedIn) return <Navigate to="/auth/login?next=/onboarding" replace />;

  return (
    <Stack gap="lg" maw={560} w="100%" mx="auto" py="xl">
      <Title order={1}>Get started</Title>
      <Stepper active={step} size="sm">
        <Stepper.Step label="Organization" description="Your station">
          <OrganizationStep
            invite={params.get('invite') ?? ''}
            onDone={(joined) => (joined ? navigate('/dashboard') : setStep(1))}
          />
        </Stepper.Step>
        <Stepper.Step label="First channel" description="What you air">
          <ChannelStep onDone={() => navigate('/dashboard')} />
        </Stepper.Step>
      </Stepper>
    </Stack>
  );
}

function OrganizationStep({
  invite,
  onDone,
}: {
  invite: string;
  onDone: (joinedExisting: boolean) => void;
}) {
  const zones = useMemo(() => timeZones(), []);
  const [form, setForm] = useState({ name: '', slug: '', timeZone: browserTimeZone() });
  const [logo, setLogo] = useState<File | null>(null);
  const [token, setToken] = useState(invite);
  const created = useSubmit();
  const joined = useSubmit();

  async function createOrganization(event: FormEvent) {
    event.preventDefault();
    const ok = await created.submit(async () => {
      await pb.collection('organizations').create({ ...form, ...(logo ? { logo } : {}) });
      await pb.collection('users').authRefresh();
      return true;
    });
    if (ok) onDone(false);
  }

  async function acceptInvite(event: FormEvent) {
    event.preventDefault();
    const ok = await joined.submit(async () => {
      await pb.send('/api/v1/invites/accept', { method: 'POST', body: { token: token.trim() } });
      await pb.collection('users').authRefresh();
      return true;
    });
    if (ok) onDone(true);
  }

  return (
    <Tabs defaultValue={invite ? 'join' : 'create'} mt="md">
      <Tabs.List>
        <Tabs.Tab value="create">Create an organization</Tabs.Tab>
        <Tabs.Tab value="join">I have an invite</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="create" pt="md">
        <form onSubmit={createOrganization} noValidate>
          <Stack gap="md">
            <FormError error={created.error} fieldErrors={created.fieldErrors} />
            <NameAndSlugFields
              nameLabel="Name"
              slugDescription="Used in your feed and guide addresses."
              name={form.name}
              slug={form.slug}
              onChange={(next) => setForm((current) => ({ ...current, ...next }))}
              errors={created.fieldErrors}
            />
            <Select
              label="Time zone"
              required
              searchable
              data={zones}
              value={form.timeZone}
              onChange={(value) =>
                setForm((current) => ({ ...current, timeZone: value ?? current.timeZone }))
              }
              error={created.fieldErrors.timeZone}
            />
            <FileInput
              label="Logo"
              description="SVG, PNG, JPG or GIF (max, 800 X 800px)"
              accept="image/svg+xml,image/png,image/jpeg,image/gif"
              clearable
              value={logo}
              onChange={setLogo}
              error={created.fieldErrors.logo}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={created.busy}>
                Create organization
              </Button>
            </Group>
          </Stack>
        </form>
      </Tabs.Panel>
      <Tabs.Panel value="join" pt="md">
        <form onSubmit={acceptInvite} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Paste the code from your invitation email.
            </Text>
            {joined.error && (
              <Alert color="red" role="alert">
                {joined.fieldErrors.token ?? joined.error}
              </Alert>
            )}
            <TextInput
              label="Invite code"
              required
              value={token}
              onChange={(e) => setToken(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={joined.busy} disabled={!token.trim()}>
                Join the organization
              </Button>
            </Group>
          </Stack>
        </form>
      </Tabs.Panel>
    </Tabs>
  );
}

function ChannelStep({ onDone }: { onDone: () => void }) {
  const { user } = useAuth();
  const [form, setForm] = useState({
    name: '',
    slug: '',
    number: 1 as number | string,
    timeZone: browserTimeZone(),
  });
  const zones = useMemo(() => timeZones(), []);
  const { busy, error, fieldErrors, submit } = useSubmit();

  async function createChannel(event: FormEvent) {
    event.preventDefault();
    const ok = await submit(async () => {
      await pb.collection('channels').create({
        ...form,
        number: Number(form.number) || 0,
        organization: user?.organization,
        public: true,
      });
      return true;
    });
    if (ok) onDone();
  }

  return (
    <form onSubmit={createChannel} noValidate>
      <Stack gap="md" mt="md">
        <FormError error={error} fieldErrors={fieldErrors} />
        <NameAndSlugFields
          nameLabel="Channel name"
          name={form.name}
          slug={form.slug}
          onChange={(next) => setForm((current) => ({ ...current, ...next }))}
          errors={fieldErrors}
        />
        <NumberInput
          label="Channel number"
          min={0}
          value={form.number}
          onChange={(value) => setForm((current) => ({ ...current, number: value }))}
          error={fieldErrors.number}
        />
        <Select
          label="Time zone"
          required
          searchable
          data={zones}
          value={form.timeZone}
          onChange={(value) =>
            setForm((current) => ({ ...current, timeZone: value ?? current.timeZone }))
          }
          error={fieldErrors.timeZone}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={onDone}>
            Skip for now
          </Button>
          <Button type="submit" loading={busy}>
            Create channel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface NameAndSlugProps {
  nameLabel: string;
  slugDescription?: string;
  name: string;
  slug: string;
  onChange: (next: { name: string; slug: string }) => void;
  errors: Record<string, string>;
}

/** A name and its slug: the slug follows the name until the person edits it themselves. */
function NameAndSlugFields({
  nameLabel,
  slugDescription,
  name,
  slug,
  onChange,
  errors,
}: NameAndSlugProps) {
  const [slugTouched, setSlugTouched] = useState(false);
  return (
    <>
      <TextInput
        label={nameLabel}
        required
        value={name}
        onChange={(e) => {
          const next = e.currentTarget.value;
          onChange({ name: next, slug: slugTouched ? slug : slugify(next) });
        }}
        error={errors.name}
      />
      <TextInput
        label="Slug"
        description={slugDescription}
        required
        value={slug}
        onChange={(e) => {
          setSlugTouched(true);
          onChange({ name, slug: e.currentTarget.value });
        }}
        error={errors.slug}
      />
    </>
  );
}
