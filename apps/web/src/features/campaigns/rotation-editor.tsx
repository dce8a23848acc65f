import type { AdRecord } from '@airgrid/schema';
import { Badge, Checkbox, Group, Input, NumberInput, Stack, Text } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { type RotationRow, rotationShares, spotRuntime } from './campaigns-model';

/**
 * The rotation: the sponsor's spots, each ticked in or out with its runtime, and a weight for
 * each spot in (its share of the rotation said beside it). A draft spot may be chosen, and airs
 * once it is made active in Ads.
 */
export function RotationEditor({
  choices,
  value,
  onChange,
  sponsorChosen,
  error,
}: {
  /** The spots offered (the sponsor's; `rotationChoices`). */
  choices: readonly AdRecord[];
  value: RotationRow[];
  onChange: (rotation: RotationRow[]) => void;
  sponsorChosen: boolean;
  error?: string;
}) {
  const t = messages().campaigns;
  const chosen = new Map(value.map((row) => [row.ad, row]));
  const shares = rotationShares(
    value.map((row) => row.ad),
    Object.fromEntries(value.map((row) => [row.ad, Number(row.weight) || 1])),
  );
  const toggle = (spot: AdRecord, on: boolean) =>
    onChange(
      on ? [...value, { ad: spot.id, weight: 1 }] : value.filter((row) => row.ad !== spot.id),
    );
  const weigh = (spot: AdRecord, weight: number | string) =>
    onChange(value.map((row) => (row.ad === spot.id ? { ...row, weight } : row)));
  return (
    // The section's heading names it; the hint says how weights work.
    <Input.Wrapper
      description={t.rotationHint}
      error={error}
      inputWrapperOrder={['description', 'input', 'error']}
    >
      <Stack gap={6} mt={6} data-testid="rotation">
        {!sponsorChosen ? (
          <Text size="sm" c="dimmed">
            {t.chooseTheSponsorFirst}
          </Text>
        ) : choices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.sponsorHasNoSpots}
          </Text>
        ) : (
          choices.map((spot) => {
            const row = chosen.get(spot.id);
            return (
              <Group key={spot.id} gap="sm" wrap="nowrap" align="center" data-spot={spot.id}>
                <Checkbox
                  style={{ flex: 1, minWidth: 0 }}
                  checked={row !== undefined}
                  onChange={(event) => toggle(spot, event.currentTarget.checked)}
                  aria-label={t.inRotation(spot.title)}
                  label={
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {spot.title}
                      </Text>
                      {spot.status !== 'active' && (
                        <Badge size="xs" variant="light" color="gray">
                          {spot.status === 'archived' ? t.spotStatusArchived : t.spotStatusDraft}
                        </Badge>
                      )}
                    </Group>
                  }
                  description={
                    <>
                      <Text span size="xs" ff={spot.durationSec > 0 ? 'monospace' : undefined}>
                        {spotRuntime(spot)}
                      </Text>
                      {spot.status === 'draft' && ` · ${t.airsOnceActive}`}
                    </>
                  }
                />
                <NumberInput
                  size="xs"
                  w={72}
                  min={0.1}
                  max={100}
                  step={1}
                  decimalScale={2}
                  aria-label={t.weightOf(spot.title)}
                  placeholder={t.weight}
                  disabled={row === undefined}
                  value={row?.weight ?? ''}
                  onChange={(weight) => weigh(spot, weight)}
                />
                <Text
                  size="xs"
                  c="dimmed"
                  w={36}
                  ta="right"
                  title={t.shareOfRotation}
                  data-testid="rotation-share"
                >
                  {row ? t.share(shares[spot.id] ?? 0) : ''}
                </Text>
              </Group>
            );
          })
        )}
      </Stack>
    </Input.Wrapper>
  );
}
