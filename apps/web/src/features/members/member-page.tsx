import { formatPhone, formatUsDate } from '@airgrid/domain';
import type { MemberRecord } from '@airgrid/schema';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { useAuth } from '../../lib/use-auth';
import { browserTimeZone } from '../../shared/slug';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { confirmRemove, confirmTransfer } from './member-actions';
import { MemberCommunity } from './member-community';
import { canManageMember, daysAgo, type Me, memberName, ROLE_LABELS } from './members-model';
import { memberAvatarUrl, memberQueries } from './queries';

/**
 * /members/:member: a member as their colleagues see them (profile, role, dates) and the shows
 * they produce; admins remove them and owners hand ownership to them from here.
 */
export function MemberPage() {
  const { member: id = '' } = useParams();
  return <MemberView id={id} />;
}

/** /profile: the signed-in user as their colleagues see them, with a way to change it. */
export function ProfilePage() {
  const { user } = useAuth();
  return <MemberView id={String(user?.id ?? '')} />;
}

function MemberView({ id }: { id: string }) {
  const t = messages();
  const { user } = useAuth();
  const me: Me = { id: String(user?.id ?? ''), role: String(user?.role ?? '') };
  const query = useQuery(memberQueries.one(id));

  if (query.isPending) return <Loader role="status" aria-label={t.members.loadingMember} />;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {describeError(query.error).error}
      </Alert>
    );
  const member = query.data;
  if (!member || member.organization !== user?.organization) {
    return (
      <Stack gap="sm">
        <Title order={1}>{t.members.memberNotFound}</Title>
        <Text>{t.members.thisPersonIsNotA}</Text>
        <Anchor component={Link} to="/members">
          {t.members.backToMembers}
        </Anchor>
      </Stack>
    );
  }
  return <MemberDetails member={member} me={me} />;
}

function MemberDetails({ member, me }: { member: MemberRecord; me: Me }) {
  const t = messages();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const shows = useQuery(memberQueries.shows(member.id));
  const zone = browserTimeZone();
  const now = Date.now();
  const date = (ms: number) => formatUsDate(ms, zone);
  const name = memberName(member);
  const role = member.role || 'viewer';
  const canTransfer = me.role === 'owner' && member.id !== me.id && role !== 'owner';

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/members" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t.members.members}
        </Group>
      </Anchor>
      <Group gap="md" align="center">
        <Avatar src={memberAvatarUrl(member)} name={name} size={72} radius="xl" />
        <div>
          <Title order={1}>{name}</Title>
          <Group gap="xs">
            <Badge variant="light" color={role === 'owner' ? 'violet' : 'blue'}>
              {ROLE_LABELS[role]}
            </Badge>
            {member.id === me.id && (
              <>
                <Text c="dimmed">{t.members.you}</Text>
                <Anchor component={Link} to="/settings/profile" size="sm">
                  {t.members.editYourProfile}
                </Anchor>
              </>
            )}
          </Group>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <SectionCard title={t.members.profile}>
          <Stack component="dl" gap={4} m={0}>
            {member.email && <Fact label={t.members.email} value={member.email} />}
            {member.phone && <Fact label={t.members.phone} value={formatPhone(member.phone)} />}
            {member.username && <Fact label={t.members.username} value={member.username} />}
            <Fact label={t.members.joined} value={daysAgo(member.joined, now, date)} />
            <Fact label={t.members.lastSignIn} value={daysAgo(member.lastSignIn, now, date)} />
          </Stack>
          {member.bio ? <Text style={{ whiteSpace: 'pre-wrap' }}>{member.bio}</Text> : null}
        </SectionCard>
        <SectionCard title={t.members.showsTheyProduce}>
          {shows.isPending ? (
            <Loader role="status" aria-label={t.members.loadingShows} size="sm" />
          ) : shows.isError ? (
            <Alert color="red" role="alert">
              {describeError(shows.error).error}
            </Alert>
          ) : shows.data.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t.members.nameProducesNoShowsYet(name)}
            </Text>
          ) : (
            <List spacing={4}>
              {shows.data.map((show) => (
                <List.Item key={show.id}>
                  <Anchor component={Link} to={`/shows/${show.id}`}>
                    {show.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </SectionCard>
        <MemberCommunity member={member} me={me} />
      </SimpleGrid>
      {(canManageMember(me, member) || canTransfer) && (
        <Group gap="sm">
          {canTransfer && (
            <Button variant="default" onClick={() => confirmTransfer(member, queryClient)}>
              {t.members.transferOwnershipToName(name)}
            </Button>
          )}
          {canManageMember(me, member) && (
            <Button
              color="red"
              variant="light"
              onClick={() => confirmRemove(member, queryClient, () => navigate('/members'))}
            >
              {t.members.removeFromOrganization}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" component="div">
      <Text component="dt" size="sm" c="dimmed" w={110}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </Group>
  );
}
