import { BREAK_POINT_SEC } from '@airgrid/domain';
import { Badge, Button, CloseButton, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { messages } from '../../i18n/messages';
import { showKeys } from '../../shared/shows/show-keys';
import { describeError } from '../../ui/forms/server-errors';
import { useAction } from '../../ui/forms/use-action';
import { updateShow } from './queries';
import { breakPointLabel, type ShowRecord } from './show-model';

/** The player's position, followed as it plays and seeks. */
function usePlayhead(video: HTMLVideoElement | null): number {
  const [at, setAt] = useState(0);
  useEffect(() => {
    if (!video) return;
    const follow = () => setAt(video.currentTime);
    follow();
    for (const event of ['timeupdate', 'seeked', 'loadedmetadata']) {
      video.addEventListener(event, follow);
    }
    return () => {
      for (const event of ['timeupdate', 'seeked', 'loadedmetadata']) {
        video.removeEventListener(event, follow);
      }
    };
  }, [video]);
  return at;
}

/**
 * A show's break points (issue 40): where a mid-programme break may go, marked while watching
 * the preview above. Each jumps the player to it; staff add one at the playhead, or remove one.
 * The server keeps them in order, inside the media, ten seconds apart at least, and says why not.
 */
export function BreakPoints({
  show,
  video,
  canManage,
}: {
  show: ShowRecord;
  video: HTMLVideoElement | null;
  canManage: boolean;
}) {
  const t = messages();
  const action = useAction();
  const [problem, setProblem] = useState<string | null>(null);
  const at = usePlayhead(video);
  const points = show.breakPoints ?? [];

  const save = (next: number[], success: string) => {
    setProblem(null);
    void action.run(
      {
        save: () => updateShow(show.id, { breakPoints: next }),
        invalidate: [showKeys.all],
        success: () => success,
        failure: (error) => {
          const described = describeError(error);
          setProblem(described.fieldErrors.breakPoints ?? described.error);
        },
      },
      'break-points',
    );
  };

  return (
    <Stack gap={6} data-testid="break-points">
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={600}>
          {t.shows.breakPoints}
        </Text>
        {canManage && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={!video || at <= 0}
            loading={action.busy}
            onClick={() => save([...points, at], t.shows.breakAdded(breakPointLabel(at)))}
          >
            {t.shows.addABreakAt(breakPointLabel(at))}
          </Button>
        )}
      </Group>
      {points.length === 0 ? (
        <Text size="sm" c="dimmed">
          {canManage ? t.shows.noBreakPointsManage : t.shows.noBreakPoints}
        </Text>
      ) : (
        <Group gap={6}>
          {points.map((point) => (
            <Badge
              key={point}
              variant="light"
              size="lg"
              tt="none"
              rightSection={
                canManage ? (
                  <CloseButton
                    size="xs"
                    aria-label={t.shows.removeTheBreakAt(breakPointLabel(point))}
                    disabled={action.busy}
                    onClick={() =>
                      save(
                        points.filter((each) => each !== point),
                        t.shows.breakRemoved(breakPointLabel(point)),
                      )
                    }
                  />
                ) : undefined
              }
            >
              <UnstyledButton
                fz="sm"
                aria-label={t.shows.playFromTheBreakAt(breakPointLabel(point))}
                onClick={() => {
                  if (video) video.currentTime = point;
                }}
              >
                {breakPointLabel(point)}
              </UnstyledButton>
            </Badge>
          ))}
        </Group>
      )}
      {points.length > 0 && canManage && (
        <Text size="xs" c="dimmed">
          {t.shows.breakPointsSay(BREAK_POINT_SEC / 60)}
        </Text>
      )}
      {problem && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
