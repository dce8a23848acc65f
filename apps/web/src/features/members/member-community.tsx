import { fromRecordDate } from '@airgrid/domain';
import { isEditorRole, type MemberRecord } from '@airgrid/schema';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messages } from '../../i18n/messages';
import { useClockSetting } from '../../lib/clock-setting';
import {
  certificationExpiry,
  formatDay,
  formatSpan,
  isOverdue,
  RESERVATION_STATUS_COLORS,
  reservationStatusLabel,
  reservationsIn,
} from '../../shared/equipment/reservation-facts';
import { browserTimeZone } from '../../shared/slug';
import { submissionStatusBadge } from '../../shared/submissions/submission-status';
import { QueryList } from '../../ui/query-list';
import { SectionCard } from '../../ui/section-card';
import type { Me } from './members-model';
import { memberQueries } from './queries';

/**
 * A member's side of the community (issue 20): the shows they submitted, their reservations
 * (current, upcoming, history) and certifications. Staff see anyone's; a member their own
 * (the API's rules say the same).
 */
export function MemberCommunity({ member, me }: { member: MemberRecord; me: Me }) {
  if (member.id !== me.id && !isEditorRole(me.role)) return null;
  return (
    <>
      <ReservationsCard member={member} />
      <CertificationsCard member={member} />
      <SubmissionsCard member={member} />
    </>
  );
}

function SubmissionsCard({ member }: { member: MemberRecord }) {
  const t = messages().members;
  const query = useQuery(memberQueries.submissions(member.id));
  const zone = browserTimeZone();
  return (
    <SectionCard title={t.submissions}>
      <QueryList query={query} loadingLabel={t.loadingSubmissions} empty={t.noSubmissions}>
        {(items) => (
          <Stack gap="xs">
            {items.map((submission) => {
              const status = submissionStatusBadge(submission.status);
              return (
                <Group key={submission.id} justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    {submission.show ? (
                      <Anchor component={Link} to={`/shows/${submission.show}`} size="sm">
                        {submission.title}
                      </Anchor>
                    ) : (
                      <Text size="sm">{submission.title}</Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {t.sentOn(formatDay(submission.created, zone))}
                      {submission.reviewNote && ` · ${submission.reviewNote}`}
                    </Text>
                  </div>
                  <Badge color={status.color} variant="light" size="sm">
                    {status.label}
                  </Badge>
                </Group>
              );
            })}
          </Stack>
        )}
      </QueryList>
    </SectionCard>
  );
}

function ReservationsCard({ member }: { member: MemberRecord }) {
  const t = messages().members;
  const query = useQuery(memberQueries.reservations(member.id));
  const zone = browserTimeZone();
  const clock = useClockSetting();
  const now = Date.now();
  return (
    <SectionCard title={t.reservations}>
      <QueryList query={query} loadingLabel={t.loadingReservations} empty={t.noReservations}>
        {(items) => {
          const current = reservationsIn(items, 'current', now);
          const groups = [
            {
              label: t.reservationsNow,
              rows: current.filter((one) => (fromRecordDate(one.starts) ?? 0) <= now),
            },
            {
              label: t.reservationsUpcoming,
              rows: current.filter((one) => (fromRecordDate(one.starts) ?? 0) > now),
            },
            { label: t.reservationsHistory, rows: reservationsIn(items, 'past', now) },
          ].filter((group) => group.rows.length > 0);
          return (
            <Stack gap="sm">
              {groups.map((group) => (
                <Stack gap={4} key={group.label}>
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                    {group.label}
                  </Text>
                  {group.rows.map((reservation) => {
                    const overdue = isOverdue(reservation, now);
                    return (
                      <Group key={reservation.id} justify="space-between" wrap="nowrap">
                        <div>
                          <Text size="sm">{reservation.expand?.equipment?.name ?? t.anItem}</Text>
                          <Text size="xs" c="dimmed">
                            {formatSpan(reservation.starts, reservation.ends, zone, clock)}
                          </Text>
                        </div>
                        <Badge
                          size="sm"
                          variant="light"
                          color={overdue ? 'red' : RESERVATION_STATUS_COLORS[reservation.status]}
                        >
                          {overdue ? t.overdue : reservationStatusLabel(reservation.status)}
                        </Badge>
                      </Group>
                    );
                  })}
                </Stack>
              ))}
            </Stack>
          );
        }}
      </QueryList>
    </SectionCard>
  );
}

function CertificationsCard({ member }: { member: MemberRecord }) {
  const t = messages().members;
  const query = useQuery(memberQueries.certifications(member.id));
  const zone = browserTimeZone();
  const now = Date.now();
  return (
    <SectionCard title={t.certifications}>
      <QueryList query={query} loadingLabel={t.loadingCertifications} empty={t.noCertifications}>
        {(items) => (
          <Stack gap="xs">
            {items.map((certification) => {
              const expiry = certificationExpiry(certification, now);
              const [label, color] =
                expiry.state === 'expired'
                  ? [t.expiredOn(formatDay(certification.expires, zone)), 'red']
                  : expiry.state === 'soon'
                    ? [t.expiresInDays(expiry.days), 'orange']
                    : expiry.state === 'valid'
                      ? [t.validUntil(formatDay(certification.expires, zone)), 'green']
                      : [t.neverExpires, 'green'];
              return (
                <Group key={certification.id} justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm">{certification.expand?.kind?.name ?? t.aCertification}</Text>
                    <Text size="xs" c="dimmed">
                      {t.grantedOn(formatDay(certification.granted, zone))}
                    </Text>
                  </div>
                  <Badge size="sm" variant="light" color={color}>
                    {label}
                  </Badge>
                </Group>
              );
            })}
          </Stack>
        )}
      </QueryList>
    </SectionCard>
  );
}
