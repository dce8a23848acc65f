import { formatUsDate } from '@airgrid/domain';
import type { MemberRecord, Role } from '@airgrid/schema';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Menu,
  Select,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconCrown, IconDoorExit, IconDots, IconUserMinus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { browserTimeZone } from '../../shared/slug';
import { ListPage } from '../../ui/list-page';
import { InviteCard } from './invite-card';
import { confirmLeave, confirmRemove, confirmTransfer, saveRole } from './member-actions';
import {
  assignableRoles,
  canManageMember,
  canManageMembers,
  daysAgo,
  type Me,
  memberName,
  ownerCount,
  ROLE_LABELS,
  sortMembers,
} from './members-model';
import { PendingInvitesCard } from './pending-invites-card';
import { memberAvatarUrl, memberQueries } from './queries';

/**
 * /members: the organization's people with their role, when they joined and last signed in.
 * Owners and admins invite by email, change roles and remove members; an owner hands ownership
 * over; everyone may leave (but the last owner). The API's rules decide; the page only hides
 * what would be refused.
 */
export function MembersPage() {
  const t = messages();
  const { user } = useAuth();
  const organization = typeof user?.organization === 'string' ? user.organization : '';
  const me: Me = { id: String(user?.id ?? ''), role: String(user?.role ?? '') };
  const manages = canManageMembers(me.role);
  const list = useQuery(memberQueries.list(organization));
  const zone = browserTimeZone();

  return (
    <ListPage
      title={t.members.members}
      description={t.members.thePeopleOfYourStation}
      organization={organization}
      query={list}
      loadingLabel={t.members.loadingMembers}
      isEmpty={(members) => members.length === 0}
      empty={t.members.noMembersYet}
      after={
        manages && (
          <Stack gap="md">
            <InviteCard organization={organization} roles={assignableRoles(me.role)} />
            <PendingInvitesCard organization={organization} zone={zone} />
          </Stack>
        )
      }
    >
      {(members) => <MembersTable members={members} me={me} zone={zone} />}
    </ListPage>
  );
}

function MembersTable({ members, me, zone }: { members: MemberRecord[]; me: Me; zone: string }) {
  const t = messages();
  const sorted = sortMembers(members);
  const owners = ownerCount(members);
  const now = Date.now();
  const date = (ms: number) => formatUsDate(ms, zone);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t.members.members}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.members.member}</Table.Th>
            <Table.Th w={200}>{t.members.role}</Table.Th>
            <Table.Th>{t.members.joined}</Table.Th>
            <Table.Th>{t.members.lastSignIn}</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>{t.members.actions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((member) => (
            <Table.Tr key={member.id} data-member={member.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={memberAvatarUrl(member)} name={memberName(member)} radius="xl" />
                  <div>
                    <Anchor component={Link} to={`/members/${member.id}`} fw={600}>
                      {memberName(member)}
                    </Anchor>
                    {member.id === me.id && (
                      <Text span size="sm" c="dimmed">
                        {' '}
                        {t.members.you}
                      </Text>
                    )}
                    {member.email && member.name && (
                      <Text size="xs" c="dimmed">
                        {member.email}
                      </Text>
                    )}
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                <RoleCell member={member} me={me} />
              </Table.Td>
              <Table.Td>{daysAgo(member.joined, now, date)}</Table.Td>
              <Table.Td>{daysAgo(member.lastSignIn, now, date)}</Table.Td>
              <Table.Td>
                <MemberMenu member={member} me={me} lastOwner={owners <= 1} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The role as a picker for those who may change it, else as a badge. */
function RoleCell({ member, me }: { member: MemberRecord; me: Me }) {
  const t = messages();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const role = member.role || 'viewer';
  if (!canManageMember(me, member)) {
    return (
      <Badge variant="light" color={role === 'owner' ? 'violet' : 'blue'}>
        {ROLE_LABELS[role]}
      </Badge>
    );
  }
  return (
    <Select
      aria-label={t.members.roleOfMember(memberName(member))}
      data={assignableRoles(me.role).map((value) => ({ value, label: ROLE_LABELS[value] }))}
      value={role}
      allowDeselect={false}
      disabled={saving}
      onChange={async (value) => {
        if (!value || value === role) return;
        setSaving(true);
        await saveRole(member, value as Role, queryClient);
        setSaving(false);
      }}
      size="sm"
    />
  );
}

/** Remove, Make owner (owners), or Leave on one's own row. */
function MemberMenu({
  member,
  me,
  lastOwner,
}: {
  member: MemberRecord;
  me: Me;
  lastOwner: boolean;
}) {
  const t = messages();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const self = member.id === me.id;
  const canRemove = canManageMember(me, member);
  const canTransfer = me.role === 'owner' && !self && member.role !== 'owner';
  // The last owner cannot leave: the server says so too; the menu does not offer it.
  const canLeave = self && !(member.role === 'owner' && lastOwner);
  if (!canRemove && !canTransfer && !canLeave) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={t.members.actionsForMember(memberName(member))}
        >
          <IconDots size={18} />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {canTransfer && (
          <Menu.Item
            leftSection={<IconCrown size={16} />}
            onClick={() => confirmTransfer(member, queryClient)}
          >
            {t.members.transferOwnership}
          </Menu.Item>
        )}
        {canRemove && (
          <Menu.Item
            color="red"
            leftSection={<IconUserMinus size={16} />}
            onClick={() => confirmRemove(member, queryClient)}
          >
            {t.members.removeFromOrganization}
          </Menu.Item>
        )}
        {canLeave && (
          <Menu.Item
            color="red"
            leftSection={<IconDoorExit size={16} />}
            onClick={() => confirmLeave(member, queryClient, () => navigate('/onboarding'))}
          >
            {t.members.leaveOrganization}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
