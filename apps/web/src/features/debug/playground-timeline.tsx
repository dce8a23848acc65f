import { Chip, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../i18n/messages';
import { COLOR_SCHEME_NAMES, PRECISIONS, Timeline } from '../../ui/timeline';
import { playgroundSchedule, precisionParam, SAMPLE_NOW, schemeParam } from './playground-model';

/**
 * The timeline chart (ui/timeline, as /views/BasicChartView and the timeslots page use it) on
 * the fixed sample, in the scheme and precision the address names (`?scheme=&precision=`);
 * choosing one changes the address, so each of the 55 states has a link.
 */
export function TimelineGallery() {
  const t = messages();
  const [params, setParams] = useSearchParams();
  const scheme = schemeParam(params.get('scheme'));
  const precision = precisionParam(params.get('precision'));
  const schedule = useMemo(() => playgroundSchedule(precision), [precision]);
  const schemeLabel = useId();
  const precisionLabel = useId();

  const choose = (name: 'scheme' | 'precision', value: string) =>
    setParams(
      () => {
        // From the address itself: React Router hands the function the parameters of the last
        // render, so two quick choices (scheme, then precision) would lose the first.
        const next = new URLSearchParams(window.location.search);
        next.set(name, value);
        // The chart is on screen already: a later reload should not jump to another section.
        next.delete('section');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <div>
          <Text size="sm" fw={500} id={precisionLabel} mb={4}>
            {t.debug.precision}
          </Text>
          <SegmentedControl
            aria-labelledby={precisionLabel}
            data={[...PRECISIONS]}
            value={precision}
            onChange={(value) => choose('precision', value)}
          />
        </div>
        <div>
          <Text size="sm" fw={500} id={schemeLabel} mb={4}>
            {t.debug.colourScheme}
          </Text>
          <Chip.Group value={scheme} onChange={(value) => choose('scheme', value as string)}>
            <Group gap={6} role="radiogroup" aria-labelledby={schemeLabel}>
              {COLOR_SCHEME_NAMES.map((name) => (
                <Chip key={name} value={name} size="sm" type="radio">
                  {name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
      </Group>
      <Timeline
        aria-label={t.debug.sampleSchedule}
        rows={schedule.rows}
        bars={schedule.bars}
        from={schedule.from}
        to={schedule.to}
        precision={precision}
        colorScheme={scheme}
        timeZone="UTC"
        now={SAMPLE_NOW}
      />
    </Stack>
  );
}
