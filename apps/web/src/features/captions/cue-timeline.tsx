import type { CaptionCue } from '@airgrid/schema';
import { ActionIcon, Box, Group, ScrollArea, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { messages } from '../../i18n/messages';
import { cueAt, formatCueTime, rulerStep, timelineSeconds } from './cue-editor-model';

const ZOOMS = [2, 5, 10, 20, 40, 80];
const TRACK_HEIGHT = 44;
/** About the width a timeline has at 1366 px. */
const FIT_PX = 760;

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The cues on a timeline under the preview: each cue a block where it is on screen, the
 * preview's playhead, a ruler; a click on a block selects that cue in the list, a click on the
 * track plays from there. Zoom from 2 to 80 pixels a second.
 */
export function CueTimeline({
  cues,
  mediaSeconds,
  currentTime,
  selected,
  onSelect,
  onSeek,
}: {
  cues: readonly CaptionCue[];
  mediaSeconds: number;
  currentTime: number;
  selected: number;
  onSelect: (index: number) => void;
  onSeek: (seconds: number) => void;
}) {
  const t = messages().captions;
  const seconds = timelineSeconds(cues, mediaSeconds);
  // At first the closest zoom that shows it all in a wide window (a long programme scrolls).
  const [zoom, setZoom] = useState(() =>
    Math.max(
      0,
      ZOOMS.findLastIndex((pps) => seconds * pps <= FIT_PX),
    ),
  );
  const pps = ZOOMS[zoom] ?? 20;
  const width = Math.ceil(seconds * pps);
  const step = rulerStep(pps);
  const viewport = useRef<HTMLDivElement>(null);
  const playing = cueAt(cues, currentTime);

  // The playhead stays in view as the preview plays.
  useEffect(() => {
    const view = viewport.current;
    if (!view) return;
    const x = currentTime * pps;
    if (x < view.scrollLeft || x > view.scrollLeft + view.clientWidth - 40)
      view.scrollLeft = Math.max(0, x - view.clientWidth / 3);
  }, [currentTime, pps]);

  const seekTo = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onSeek(Math.max(0, (event.clientX - box.left) / pps));
  };

  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {t.timeline}
        </Text>
        <Group gap={4}>
          <Tooltip label={t.zoomOut}>
            <ActionIcon
              variant="default"
              aria-label={t.zoomOut}
              onClick={() => setZoom((z) => Math.max(0, z - 1))}
              disabled={zoom === 0}
            >
              <IconZoomOut size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t.zoomIn}>
            <ActionIcon
              variant="default"
              aria-label={t.zoomIn}
              onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
              disabled={zoom === ZOOMS.length - 1}
            >
              <IconZoomIn size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <ScrollArea viewportRef={viewport} type="auto" offsetScrollbars scrollbars="x">
        <Box pos="relative" w={width} h={TRACK_HEIGHT + 22} data-testid="cue-timeline">
          {Array.from({ length: Math.floor(seconds / step) + 1 }, (_, i) => i * step).map((at) => (
            <Text
              key={at}
              size="xs"
              c="dimmed"
              pos="absolute"
              top={0}
              left={at * pps}
              style={{
                borderLeft: '1px solid var(--mantine-color-default-border)',
                paddingLeft: 3,
              }}
            >
              {clock(at)}
            </Text>
          ))}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the track's keyboard way is the cue list and the player's own controls */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
          <div
            onClick={seekTo}
            style={{
              position: 'absolute',
              top: 20,
              left: 0,
              width,
              height: TRACK_HEIGHT,
              background: 'var(--mantine-color-default-hover)',
              borderRadius: 4,
              cursor: 'pointer',
            }}
          />
          {cues.map((cue, index) => (
            <UnstyledButton
              // biome-ignore lint/suspicious/noArrayIndexKey: cues are placed by position, and the list's keys live in the editor
              key={index}
              aria-label={t.cueOnTimeline(
                index + 1,
                formatCueTime(cue.start),
                formatCueTime(cue.end),
              )}
              aria-pressed={selected === index}
              onClick={() => onSelect(index)}
              title={cue.text}
              style={{
                position: 'absolute',
                top: 22,
                left: cue.start * pps,
                width: Math.max(2, (cue.end - cue.start) * pps - 1),
                height: TRACK_HEIGHT - 4,
                borderRadius: 3,
                overflow: 'hidden',
                padding: '2px 4px',
                fontSize: 11,
                lineHeight: 1.2,
                color: 'var(--mantine-color-white)',
                background:
                  selected === index
                    ? 'var(--mantine-color-green-8)'
                    : playing === index
                      ? 'var(--mantine-color-blue-8)'
                      : 'var(--mantine-color-gray-7)',
                outlineOffset: 1,
              }}
            >
              {(cue.end - cue.start) * pps > 30 ? cue.text.replace(/\n/g, ' ') : ''}
            </UnstyledButton>
          ))}
          <Box
            aria-hidden
            pos="absolute"
            top={18}
            left={currentTime * pps}
            w={2}
            h={TRACK_HEIGHT + 4}
            bg="red.6"
            style={{ pointerEvents: 'none' }}
          />
        </Box>
      </ScrollArea>
    </Box>
  );
}
