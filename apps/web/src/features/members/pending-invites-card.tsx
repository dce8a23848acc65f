import { formatUsDate } from '@airgrid/domain';
import type { InviteRecord } from '@airgrid/schema';
import { Alert, Badge, Button, Group, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { inviteExpiry, ROLE_LABELS } from './members-model';
import { memberKeys, memberQueries, resendInvite, revokeInvite } from './queries';

function confirmRevoke(invite: InviteRecord, queryClient: QueryClient) {
  modals.openConfirmModal({
    title: `Revoke the invite to ${invite.email}?`,
    children: (
      <Text size="sm">The link in the mail stops working. You can invite them again later.</Text>
    ),
    labels: { confirm: 'Revoke', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      runAction(
        {
          save: () => revokeInvite(invite.id),
          invalidate: [memberKeys.invites(invite.organization)],
          success: () => `Invite to ${invite.email} revoked`,
          failure: { summary: 'The invite was not revoked', group: 'invite-revoke' },
        },
        appEffects(queryClient),
      ),
  });
}

/** Invites not accepted yet, with when they expire, Resend (a new week) and Revoke. */
export function PendingInvitesCard({ organization, zone }: { organization: string; zone: string }) {
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
        success: () => `Invite sent again to ${invite.email}`,
        failure: { summary: 'The invite was not sent again', group: 'invite-resend' },
      },
      appEffects(queryClient),
    );
    setResending(null);
  }

  let body: ReactNode;
  if (list.isPending) body = <Loader role="status" aria-label="Loading invites" size="sm" />;
  else if (list.isError)
    body = (
      <Alert color="red" role="alert">
        {describeError(list.error).error}
      </Alert>
    );
  else if (list.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        No invites waiting for an answer.
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label="Pending invites" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Expiry</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
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
                        Expired
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
                        aria-label={`Resend the invite to ${invite.email}`}
                      >
                        Resend
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => confirmRevoke(invite, queryClient)}
                        aria-label={`Revoke the invite to ${invite.email}`}
                      >
                        Revoke
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

  return <SectionCard title="Pending invites">{body}</SectionCard>;
}
