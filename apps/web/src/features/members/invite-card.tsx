import { describeField } from '@airgrid/domain';
import { type InviteRecord, invites, type Role } from '@airgrid/schema';
import { Button, Group, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { RulesField } from '../../ui/forms/rules-field';
import { collectionRules } from '../../ui/forms/schema-rules';
import { type RecordForm, useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { ROLE_LABELS, ROLE_SUMMARIES } from './members-model';
import { invite, memberKeys } from './queries';

function inviteFields(roles: readonly Role[]) {
  const t = messages();
  return [
    describeField({
      label: t.members.emailAddress,
      name: 'email',
      type: 'email',
      rules: collectionRules(invites, 'email'),
      placeholder: 'colleague@example.org',
    }),
    describeField({
      label: t.members.role,
      name: 'role',
      type: 'select',
      rules: 'required',
      value: 'editor',
      options: roles.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
    }),
  ];
}

/**
 * Invite by email (owners and admins): the invite is mailed with a link that joins the
 * station with the role once they sign in or sign up with that address; it lasts a week.
 */
export function InviteCard({
  organization,
  roles,
}: {
  organization: string;
  /** The roles the signed-in user may give. */
  roles: readonly Role[];
}) {
  const t = messages();
  const form: RecordForm<{ email: string; role: string }, InviteRecord> = useRecordForm({
    fields: inviteFields(roles),
    initialValues: { email: '', role: 'editor' },
    save: (values) =>
      invite(organization, {
        email: String(values.email).trim(),
        role: String(values.role) as Role,
      }),
    invalidate: [memberKeys.invites(organization)],
    success: (saved) => t.members.inviteSentToEmail(saved.email),
    // Ready for the next colleague, with the same role picked.
    onSaved: (_saved, values): void => form.reset({ email: '', role: values.role }),
  });
  const role = String(form.values.role || 'editor') as Role;

  return (
    <SectionCard title={t.members.inviteAMember}>
      <form onSubmit={form.submit} noValidate>
        <FormError error={form.formError} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <div style={{ flex: '1 1 260px' }}>
            <RulesField form={form} name="email" autoComplete="off" />
          </div>
          <div style={{ flex: '0 1 200px' }}>
            <RulesField form={form} name="role" />
          </div>
          <Button type="submit" loading={form.busy} leftSection={<IconSend size={16} />} mt={25}>
            {t.members.sendInvite}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          {t.members.roleSummary(ROLE_LABELS[role], ROLE_SUMMARIES[role])}
        </Text>
      </form>
    </SectionCard>
  );
}
