import { ACCENT_COLOR_PATTERN, type OrganizationRecord } from '@airgrid/schema';
import { Alert, ColorInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { messages } from '../../i18n/messages';
import {
  PHOTO_ACCEPT,
  PHOTO_HINT,
  photoFileProblem,
  photoImageProblem,
} from '../../shared/photo-limits';
import { timeZones } from '../../shared/slug';
import { FormError } from '../../ui/form-error';
import { FormActions } from '../../ui/forms/form-actions';
import { RulesField } from '../../ui/forms/rules-field';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { type ImageChoice, ImageInput, imagePatch, KEEP_IMAGE } from '../../ui/image-input';
import { SectionCard } from '../../ui/section-card';
import { accentOf, IDENTITY_CHECKS, IDENTITY_FIELDS, slugChangeNotice } from './organization-model';
import { ORGANIZATION_SAVE_INVALIDATES, organizationLogoUrl, updateOrganization } from './queries';

const t = messages();

const ACCENT_COLOR_HINT = t.organization.theAccentColourMustBe;

/** The onboarding's station colours to start from; any #rrggbb works. */
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

const LOGO_LIMITS = {
  accept: PHOTO_ACCEPT,
  hint: PHOTO_HINT,
  fileProblem: photoFileProblem,
  sizeProblem: photoImageProblem,
};

/** Name, slug (with what a change does to public URLs), logo, time zone and accent colour. */
export function IdentityCard({
  organization,
  canEdit,
}: {
  organization: OrganizationRecord;
  canEdit: boolean;
}) {
  const t = messages();
  const zones = useMemo(() => timeZones(), []);
  const [logo, setLogo] = useState<ImageChoice>(KEEP_IMAGE);
  const [checking, setChecking] = useState(false);
  const form = useRecordForm({
    fields: IDENTITY_FIELDS,
    checks: IDENTITY_CHECKS,
    initialValues: {
      name: organization.name,
      slug: organization.slug,
      timeZone: organization.timeZone,
      accentColor: accentOf(organization),
    },
    validate: ({ accentColor }): Record<string, string> =>
      accentColor.trim() !== '' && !ACCENT_COLOR_PATTERN.test(accentColor.trim())
        ? { accentColor: ACCENT_COLOR_HINT }
        : {},
    save: ({ name, slug, timeZone, accentColor }) =>
      updateOrganization(organization.id, {
        name: name.trim(),
        slug: slug.trim(),
        timeZone,
        branding: { ...organization.branding, accentColor: accentColor.trim().toLowerCase() },
        ...imagePatch('logo', logo),
      }),
    invalidate: ORGANIZATION_SAVE_INVALIDATES,
    success: () => t.organization.organizationSaved,
    serverFields: ['name', 'slug', 'timeZone', 'logo', 'accentColor'],
    // The server checks the colour inside `branding`; its message goes under the colour field.
    aliases: { branding: 'accentColor' },
  });
  const { values, errors, busy } = form;
  const changed = form.changed.length > 0 || logo.kind !== 'keep';
  const notice = canEdit ? slugChangeNotice(organization.slug, values.slug) : null;

  return (
    <SectionCard title={t.organization.identity}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <RulesField form={form} name="name" readOnly={!canEdit} />
            <RulesField
              form={form}
              name="slug"
              description={t.organization.namesYourPublicPagesAnd}
              readOnly={!canEdit}
            />
          </SimpleGrid>
          {notice && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconInfoCircle size={18} />}
              title={t.organization.changingTheSlug}
            >
              {notice}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t.organization.timeZone}
              description={t.organization.theStationSDayIn}
              required
              searchable
              data={zones}
              value={values.timeZone}
              onChange={(value) => form.set({ timeZone: value ?? values.timeZone })}
              error={errors.timeZone}
              readOnly={!canEdit}
            />
            <ColorInput
              label={t.organization.accentColour}
              description={t.organization.buttonsAndLinksOnYour}
              placeholder={t.organization._1a6b3c}
              format="hex"
              // A mistyped colour stays, with the message why, rather than vanishing on blur.
              fixOnBlur={false}
              withEyeDropper={canEdit}
              eyeDropperButtonProps={{ 'aria-label': t.organization.pickTheColourFromThe }}
              swatches={ACCENT_SWATCHES}
              value={values.accentColor}
              onChange={(value) => form.set({ accentColor: value })}
              error={errors.accentColor}
              readOnly={!canEdit}
            />
          </SimpleGrid>
          {canEdit && (
            <ImageInput
              label={t.organization.logo}
              limits={LOGO_LIMITS}
              currentUrl={organizationLogoUrl(organization)}
              choice={logo}
              onChoice={setLogo}
              onChecking={setChecking}
              error={errors.logo}
              noun="logo"
            />
          )}
          <FormActions
            canEdit={canEdit}
            changed={changed}
            busy={busy || checking}
            label={t.organization.saveIdentity}
            onCancel={() => {
              form.reset();
              setLogo(KEEP_IMAGE);
            }}
          />
        </Stack>
      </form>
    </SectionCard>
  );
}
