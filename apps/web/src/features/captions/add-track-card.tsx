import type { CaptionRecord } from '@airgrid/schema';
import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../i18n/messages';
import { FormError } from '../../ui/form-error';
import { describeError } from '../../ui/forms/server-errors';
import { useRecordForm } from '../../ui/forms/use-record-form';
import { SectionCard } from '../../ui/section-card';
import { captionFileProblem, type ParsedCaptionFile } from './captions-model';
import { captionQueries, createTrack, parseCaptionFile, TRACK_SAVE_INVALIDATES } from './queries';

const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * Add a track: the show, the kind, the language and a label, and an SRT or WebVTT file the
 * server reads at once, so what it understood (and each line it did not) shows before saving.
 */
interface TrackValues {
  show: string;
  kind: string;
  language: string;
  label: string;
}

export function AddTrackCard({ organization }: { organization: string }) {
  const t = messages().captions;
  const shows = useQuery(captionQueries.shows(organization));
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [parsed, setParsed] = useState<ParsedCaptionFile | null>(null);
  const [reading, setReading] = useState(false);
  const form = useRecordForm<TrackValues, CaptionRecord>({
    initialValues: { show: '', kind: 'captions', language: 'en', label: '' },
    validate: (values): Record<string, string> => ({
      ...(values.show ? {} : { show: t.chooseShow }),
      ...(LANGUAGE.test(values.language.trim()) ? {} : { language: t.languageHint }),
    }),
    save: (values) =>
      createTrack({
        organization,
        show: values.show,
        kind: values.kind,
        language: values.language.trim(),
        label: values.label.trim(),
        status: 'draft',
        source: 'upload',
        cues: parsed?.cues ?? [],
      }),
    invalidate: TRACK_SAVE_INVALIDATES,
    success: () => t.trackSaved,
    onSaved: () => {
      setFile(null);
      setParsed(null);
      form.set({ label: '' });
    },
    serverFields: ['show', 'kind', 'language', 'label', 'file'],
    aliases: { cues: 'file' },
  });
  const { values, errors, set, busy } = form;

  async function choose(chosen: File | null) {
    setFile(chosen);
    setParsed(null);
    setFileError(null);
    if (!chosen) return;
    const problem = captionFileProblem(chosen);
    if (problem) {
      setFileError(problem);
      return;
    }
    setReading(true);
    try {
      setParsed(await parseCaptionFile(await chosen.text()));
    } catch (error) {
      setFileError(describeError(error).error);
    } finally {
      setReading(false);
    }
  }

  return (
    <SectionCard title={t.addTrack}>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <FormError error={form.formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t.show}
              placeholder={t.chooseShow}
              searchable
              data={(shows.data ?? []).map((each) => ({ value: each.id, label: each.title }))}
              value={values.show || null}
              onChange={(show) => set({ show: show ?? '' })}
              error={errors.show}
              required
            />
            <Select
              label={t.kind}
              data={Object.entries(t.kinds).map(([value, name]) => ({ value, label: name }))}
              value={values.kind}
              onChange={(kind) => set({ kind: kind ?? 'captions' })}
              allowDeselect={false}
            />
            <TextInput
              label={t.language}
              description={t.languageHint}
              value={values.language}
              onChange={(event) => set({ language: event.currentTarget.value })}
              error={errors.language}
              required
            />
            <TextInput
              label={t.label}
              description={t.labelHint}
              value={values.label}
              onChange={(event) => set({ label: event.currentTarget.value })}
              error={errors.label}
              maxLength={80}
            />
          </SimpleGrid>
          <FileInput
            label={t.file}
            description={t.fileHint}
            placeholder={t.chooseFile}
            accept=".srt,.vtt,text/vtt"
            leftSection={<IconUpload size={16} />}
            value={file}
            onChange={(chosen) => void choose(chosen)}
            error={fileError ?? errors.file}
            clearable
            clearButtonProps={{ 'aria-label': messages().common.clearFile }}
          />
          {parsed && (
            <Alert
              color={parsed.cues.length === 0 ? 'red' : parsed.problems.length ? 'yellow' : 'green'}
              role="status"
            >
              <Stack gap={4}>
                <Text size="sm">
                  {parsed.cues.length === 0
                    ? t.noCues
                    : t.cuesRead(parsed.cues.length, parsed.format === 'vtt' ? 'WebVTT' : 'SRT')}
                </Text>
                {parsed.problems.length > 0 && (
                  <>
                    <Text size="sm">{t.problemsFound(parsed.problems.length)}</Text>
                    <List size="sm" data-testid="caption-problems">
                      {parsed.problems.slice(0, 50).map((problem) => (
                        <List.Item key={`${problem.line}-${problem.message}`}>
                          {t.problemLine(problem.line, problem.message)}
                        </List.Item>
                      ))}
                    </List>
                  </>
                )}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={busy || reading}
              disabled={!parsed || parsed.cues.length === 0}
            >
              {t.saveTrack}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
