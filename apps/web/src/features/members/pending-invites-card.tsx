import { formatUsDate } from '@airgrid/domain';
import type { InviteRecord } from '@airgrid/schema';
import { Alert, Badge, Button, Group, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { messages } from '../../i18n/messages';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { inviteExpiry, ROLE_LABELS } from './members-model';
import { memberKeys, memberQueries, resendInvite, revokeInvite } from './queries';

function confirmRevoke(invite: InviteRecord, queryClient: QueryClient) {
  const t = messages();
  modals.openConfirmModal({
    title: t.members.revokeTheInviteToEmail(invite.email),
    children: <Text size="sm">{t.members.theLinkInTheMail}</Text>,
    labels: { confirm: t.members.revoke, cancel: t.common.cancel },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      runAction(
        {
          save: () => revokeInvite(invite.id),
          invalidate: [memberKeys.invites(invite.organization)],
          success: () => t.members.inviteToEmailRevoked(invite.email),
          failure: { summary: t.members.theInviteWasNotRevoked, group: 'invite-revoke' },
        },
        appEffects(queryClient),
      ),
  });
}

/** Invites not accepted yet, with when they expire, Resend (a new week) and Revoke. */
export function PendingInvitesCard({ organization, zone }: { organization: string; zone: string }) {
  const t = messages();
  const queryClient = useQueryClient();
  const list = useQuery(memberQueries.invites(organization));
  const [resending, setResending] = useState<string | null>(null);
  const now = Date.now();

  async function resend(invite: InviteRecord) {
    setResending(invite.id);
    await runAction(
      {
        save: () => resendInvite(invite.id),
        invalidate: [memberKeys.invites(organization)],
        success: () => t.members.inviteSentAgainToEmail(invite.email),
        failure: { summary: t.members.theInviteWasNotSent, group: 'invite-resend' },
      },
      appEffects(queryClient),
    );
    setResending(null);
  }

  let body: ReactNode;
  if (list.isPending)
    body = <Loader role="status" aria-label={t.members.loadingInvites} size="sm" />;
  else if (list.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(list.error).error}
      </Alert>
    );
  else if (list.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t.members.noInvitesWaitingForAn}
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label={t.members.pendingInvites} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.members.email}</Table.Th>
              <Table.Th>{t.members.role}</Table.Th>
              <Table.Th>{t.members.sent}</Table.Th>
              <Table.Th>{t.members.expiry}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t.members.actions}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((invite) => {
              const expiry = inviteExpiry(invite, now);
              const sent = Date.parse(invite.created.replace(' ', 'T'));
              return (
                <Table.Tr key={invite.id}>
                  <Table.Td>{invite.email}</Table.Td>
                  <Table.Td>{ROLE_LABELS[invite.role]}</Table.Td>
                  <Table.Td>{Number.isFinite(sent) ? formatUsDate(sent, zone) : ''}</Table.Td>
                  <Table.Td>
                    {expiry.expired ? (
                      <Badge color="red" variant="light">
                        {t.members.expired}
                      </Badge>
                    ) : (
                      <Text size="sm">{expiry.text}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        loading={resending === invite.id}
                        onClick={() => resend(invite)}
                        aria-label={t.members.resendTheInviteToEmail(invite.email)}
                      >
                        {t.members.resend}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => confirmRevoke(invite, queryClient)}
                        aria-label={t.members.revokeInviteLabel(invite.email)}
                      >
                        {t.members.revoke}
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

  return <SectionCard title={t.members.pendingInvites}>{body}</SectionCard>;
}
