import { ACCENT_COLOR_PATTERN } from '@airgrid/schema';
import {
  Alert,
  Button,
  ColorInput,
  FileInput,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Stepper,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { browserTimeZone, slugify, timeZones } from '../../shared/slug';
import { FormError } from '../../ui/form-error';
import { useRecordForm } from '../../ui/forms/use-record-form';
import {
  acceptInvite,
  createChannel,
  createOrganization,
  hasChannels,
  refreshSession,
} from './queries';

const t = messages();

const ACCENT_COLOR_HINT = t.onboarding.theAccentColourMustBe;

/** A few station colours to start from; any #rrggbb works. */
const ACCENT_SWATCHES = [
  '#1a6b3c',
  '#1c5fb8',
  '#7b2cbf',
  '#c2185b',
  '#d9480f',
  '#b08900',
  '#0b7285',
  '#343a40',
];

/**
 * First run: create an organization (or join one with an invite), create the first channel,
 * then land on the dashboard.
 */
export function OnboardingPage() {
  const t = messages();
  const { isSignedIn, user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const organization = String(user?.organization ?? '');
  const hasOrganization = organization !== '';
  const [step, setStep] = useState(hasOrganization ? 1 : 0);
  // A member who joined a station that already has channels has nothing left to set up here
  // (asked once, on arrival: the channel made at step 2 must not skip its own step).
  const [arrivedWith] = useState(organization);
  const channels = useQuery({
    queryKey: ['onboarding', 'hasChannels', arrivedWith],
    queryFn: () => hasChannels(arrivedWith),
    enabled: isSignedIn && arrivedWith !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (!isSignedIn) return <Navigate to="/auth/login?next=/onboarding" replace />;
  if (channels.data === true) return <Navigate to="/dashboard" replace />;
  if (arrivedWith !== '' && channels.isPending)
    return <Loader role="status" aria-label={t.onboarding.getStarted} mx="auto" my="xl" />;

  return (
    <Stack gap="lg" maw={560} w="100%" mx="auto" py="xl">
      <Title order={1}>{t.onboarding.getStarted}</Title>
      <Stepper active={step} size="sm">
        <Stepper.Step label={t.onboarding.organization} description={t.onboarding.yourStation}>
          <OrganizationStep
            invite={params.get('invite') ?? ''}
            onDone={(joined) => (joined ? navigate('/dashboard') : setStep(1))}
          />
        </Stepper.Step>
        <Stepper.Step label={t.onboarding.firstChannel} description={t.onboarding.whatYouAir}>
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
  const t = messages();
  const zones = useMemo(() => timeZones(), []);
  const [logo, setLogo] = useState<File | null>(null);
  const created = useRecordForm({
    initialValues: () => ({ name: '', slug: '', timeZone: browserTimeZone(), accentColor: '' }),
    validate: ({ accentColor }): Record<string, string> =>
      accentColor.trim() !== '' && !ACCENT_COLOR_PATTERN.test(accentColor.trim())
        ? { accentColor: ACCENT_COLOR_HINT }
        : {},
    save: async ({ accentColor, ...values }) => {
      const accent = accentColor.trim().toLowerCase();
      await createOrganization({
        ...values,
        ...(accent ? { branding: { accentColor: accent } } : {}),
        ...(logo ? { logo } : {}),
      });
      await refreshSession();
    },
    // The server checks the colour inside `branding`; its message goes under the colour field.
    aliases: { branding: 'accentColor' },
    onSaved: () => onDone(false),
  });
  const joined = useRecordForm({
    initialValues: { token: invite },
    save: async ({ token }) => {
      await acceptInvite(token.trim());
      await refreshSession();
    },
    onSaved: () => onDone(true),
  });
  const form = created.values;
  const token = joined.values.token;

  return (
    <Tabs defaultValue={invite ? 'join' : 'create'} mt="md">
      <Tabs.List>
        <Tabs.Tab value="create">{t.onboarding.createAnOrganization}</Tabs.Tab>
        <Tabs.Tab value="join">{t.onboarding.iHaveAnInvite}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="create" pt="md">
        <form onSubmit={created.submit} noValidate>
          <Stack gap="md">
            <FormError error={created.formError} />
            <NameAndSlugFields
              nameLabel={t.onboarding.name}
              slugDescription={t.onboarding.usedInYourFeedAnd}
              name={form.name}
              slug={form.slug}
              onChange={created.set}
              errors={created.errors}
            />
            <Select
              label={t.onboarding.timeZone}
              required
              searchable
              data={zones}
              value={form.timeZone}
              onChange={(value) => created.set({ timeZone: value ?? form.timeZone })}
              error={created.errors.timeZone}
            />
            <FileInput
              label={t.onboarding.logo}
              description={t.onboarding.svgPngJpgOrGif}
              accept="image/svg+xml,image/png,image/jpeg,image/gif"
              clearable
              value={logo}
              onChange={setLogo}
              error={created.errors.logo}
            />
            <ColorInput
              label={t.onboarding.accentColour}
              description={t.onboarding.optionalYourPublicGuideWatch}
              placeholder={t.onboarding.accentColourPlaceholder}
              format="hex"
              // A mistyped colour stays, with the message why, rather than vanishing on blur.
              fixOnBlur={false}
              eyeDropperButtonProps={{ 'aria-label': t.onboarding.pickTheColourFromThe }}
              swatches={ACCENT_SWATCHES}
              value={form.accentColor}
              onChange={(value) => created.set({ accentColor: value })}
              error={created.errors.accentColor}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={created.busy}>
                {t.onboarding.createOrganization}
              </Button>
            </Group>
          </Stack>
        </form>
      </Tabs.Panel>
      <Tabs.Panel value="join" pt="md">
        <form onSubmit={joined.submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t.onboarding.pasteTheCodeFromYour}
            </Text>
            {joined.serverError && (
              <Alert color="red" role="alert">
                {joined.errors.token ?? joined.serverError}
              </Alert>
            )}
            <TextInput
              label={t.onboarding.inviteCode}
              required
              value={token}
              onChange={(e) => joined.set({ token: e.currentTarget.value })}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={joined.busy} disabled={!token.trim()}>
                {t.onboarding.joinTheOrganization}
              </Button>
            </Group>
          </Stack>
        </form>
      </Tabs.Panel>
    </Tabs>
  );
}

function ChannelStep({ onDone }: { onDone: () => void }) {
  const t = messages();
  const { user } = useAuth();
  const channel = useRecordForm({
    initialValues: () => ({
      name: '',
      slug: '',
      number: 1 as number | string,
      timeZone: browserTimeZone(),
    }),
    save: (values) =>
      createChannel({
        ...values,
        number: Number(values.number) || 0,
        organization: user?.organization,
        public: true,
      }),
    onSaved: () => onDone(),
  });
  const zones = useMemo(() => timeZones(), []);
  const { busy, errors: fieldErrors } = channel;
  const form = channel.values;

  return (
    <form onSubmit={channel.submit} noValidate>
      <Stack gap="md" mt="md">
        <FormError error={channel.formError} />
        <NameAndSlugFields
          nameLabel={t.onboarding.channelName}
          name={form.name}
          slug={form.slug}
          onChange={channel.set}
          errors={fieldErrors}
        />
        <NumberInput
          label={t.onboarding.channelNumber}
          min={0}
          value={form.number}
          onChange={(value) => channel.set({ number: value })}
          error={fieldErrors.number}
        />
        <Select
          label={t.onboarding.timeZone}
          required
          searchable
          data={zones}
          value={form.timeZone}
          onChange={(value) => channel.set({ timeZone: value ?? form.timeZone })}
          error={fieldErrors.timeZone}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={onDone}>
            {t.onboarding.skipForNow}
          </Button>
          <Button type="submit" loading={busy}>
            {t.onboarding.createChannel}
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
  const t = messages();
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
        label={t.onboarding.slug}
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
