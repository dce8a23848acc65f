import { Alert, Stack } from '@mantine/core';
import { messages } from '../../i18n/messages';
import { describeError } from '../../ui/forms/server-errors';
import type { StationPage } from './station-path';
import { StationPicker } from './station-picker';

export interface StationMissingProps {
  /** The id or slug that was asked for. */
  stationKey: string | null;
  /** Why the station could not be read, when it was not simply missing. */
  error: Error | null;
  page: StationPage;
}

/**
 * A public page whose station could not be found (a mistyped or old link) or read: it says
 * so, and offers the station picker so the visit does not end there.
 */
export function StationMissing({ stationKey, error, page }: StationMissingProps) {
  const t = messages();
  return (
    <Stack gap="lg">
      {error ? (
        <Alert color="red" role="alert" title={t.stations.theStationCouldNotBe}>
          {describeError(error).error}
        </Alert>
      ) : (
        <Alert color="yellow" title={t.stations.stationNotFound}>
          {t.stations.thereIsNoStationHere(stationKey ?? '')}
        </Alert>
      )}
      <StationPicker page={page} notice={t.stations.pickAStationFromThose} />
    </Stack>
  );
}
