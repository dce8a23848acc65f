import { Alert, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../i18n/messages';
import { StationMissing } from '../../shared/stations/station-missing';
import { StationPicker } from '../../shared/stations/station-picker';
import { usePublicStation } from '../../shared/stations/use-public-station';
import { describeError } from '../../ui/forms/server-errors';
import { submissionQueries } from './queries';
import { SubmissionForm } from './submission-form';

/**
 * /submission and /o/:org/submission: a station's public form for producers' shows. The
 * station comes from the path, else as on the other public pages (the member's own, the
 * deployment's only one); with none known, the station picker.
 */
export function SubmissionPage() {
  const t = messages();
  const publicStation = usePublicStation();
  if (publicStation.isPending)
    return <Loader role="status" aria-label={t.submission.loadingTheForm} />;
  if (publicStation.source === null)
    return <StationPicker page="submission" notice={t.submission.pickAStation} />;
  if (publicStation.notFound || !publicStation.station) {
    return (
      <StationMissing
        stationKey={publicStation.key}
        error={publicStation.error}
        page="submission"
      />
    );
  }
  return <StationSubmission station={publicStation.station.id} />;
}

function StationSubmission({ station }: { station: string }) {
  const t = messages().submission;
  const form = useQuery(submissionQueries.form(station));
  return (
    <Stack maw={760} w="100%" mx="auto">
      {form.isPending ? (
        <Loader role="status" aria-label={t.loadingTheForm} />
      ) : form.isError ? (
        <Alert color="red" role="alert" title={t.theFormCouldNotBeLoaded}>
          {describeError(form.error).error}
        </Alert>
      ) : (
        <SubmissionForm key={station} info={form.data} />
      )}
    </Stack>
  );
}
