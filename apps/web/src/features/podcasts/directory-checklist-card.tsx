import { Group, List, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { messages } from '../../i18n/messages';
import { SectionCard } from '../../ui/section-card';
import { podcastDirectoryChecklist } from './podcast-directory-checklist';
import type { PodcastRecord } from './podcast-model';
import { podcastQueries } from './queries';

/**
 * A feed validator's checklist on the podcast's page: what Apple Podcasts or Spotify would
 * reject, read before the station submits the feed's address rather than from a directory's
 * refusal afterwards.
 */
export function DirectoryChecklistCard({ podcast }: { podcast: PodcastRecord }) {
  const t = messages().podcasts.directory;
  const passedId = useId();
  // The same query as the episodes card, which looks again while audio is on its way.
  const episodes = useQuery(podcastQueries.episodes(podcast.id));
  const coverSize = useQuery(podcastQueries.coverSize(podcast));
  if (episodes.isPending)
    return (
      <SectionCard title={t.title}>
        <Loader size="sm" role="status" aria-label={t.checking} />
      </SectionCard>
    );
  const checks = podcastDirectoryChecklist(podcast, episodes.data ?? [], {
    now: Date.now(),
    coverSize: coverSize.data,
  });
  const problems = checks.filter((check) => !check.ok);
  const passed = checks.filter((check) => check.ok);
  return (
    <SectionCard title={t.title}>
      <Text size="sm" c="dimmed">
        {t.hint}
      </Text>
      {problems.length === 0 ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="green" radius="xl" size="md" aria-hidden>
            <IconCheck size={16} />
          </ThemeIcon>
          <div>
            <Text fw={600}>{t.ready}</Text>
            <Text size="sm" c="dimmed">
              {t.readyBody}
            </Text>
          </div>
        </Group>
      ) : (
        <>
          <Text size="sm">{t.notReady(problems.length)}</Text>
          <List
            spacing="sm"
            aria-label={t.toFix}
            listStyleType="none"
            styles={{ itemWrapper: { alignItems: 'flex-start' } }}
          >
            {problems.map((check) => (
              <List.Item
                key={check.rule}
                icon={
                  <ThemeIcon color="red" radius="xl" size="sm" mt={2} aria-hidden>
                    <IconX size={12} />
                  </ThemeIcon>
                }
              >
                <Text size="sm" fw={600}>
                  {check.label}
                </Text>
                <Text size="sm">{check.problem}</Text>
              </List.Item>
            ))}
          </List>
        </>
      )}
      {passed.length > 0 && (
        <div>
          <Text size="sm" fw={600} id={passedId} mb={4}>
            {t.passed}
          </Text>
          <List
            size="sm"
            aria-labelledby={passedId}
            listStyleType="none"
            style={{ display: 'flex', flexWrap: 'wrap', gap: '4px var(--mantine-spacing-md)' }}
          >
            {passed.map((check) => (
              <List.Item
                key={check.rule}
                c="dimmed"
                icon={<IconCheck size={14} color="var(--mantine-color-green-6)" aria-hidden />}
              >
                {check.label}
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </SectionCard>
  );
}
