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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messages } from '../../i18n/messages';
import { appEffects } from '../../ui/forms/query-effects';
import { runAction } from '../../ui/forms/save-flow';
import { describeError } from '../../ui/forms/server-errors';
import { SectionCard } from '../../ui/section-card';
import { captionFileProblem, type ParsedCaptionFile } from './captions-model';
import { captionKeys, captionQueries, createTrack, parseCaptionFile } from './queries';

const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * Add a track: the show, the kind, the language and a label, and an SRT or WebVTT file the
 * server reads at once, so what it understood (and each line it did not) shows before saving.
 */
export function AddTrackCard({ organization }: { organization: string }) {
  const t = messages().captions;
  const queryClient = useQueryClient();
  const shows = useQuery(captionQueries.shows(organization));
  const [show, setShow] = useState<string | null>(null);
  const [kind, setKind] = useState('captions');
  const [language, setLanguage] = useState('en');
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [parsed, setParsed] = useState<ParsedCaptionFile | null>(null);
  const [reading, setReading] = useState(false);
  const [saving, setSaving] = useState(false);
  const languageError = LANGUAGE.test(language.trim()) ? null : t.languageHint;

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

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!show || !parsed || parsed.cues.length === 0 || languageError) return;
    setSaving(true);
    const ok = await runAction(
      {
        save: () =>
          createTrack({
            organization,
            show,
            kind,
            language: language.trim(),
            label: label.trim(),
            status: 'draft',
            source: 'upload',
            cues: parsed.cues,
          }),
        invalidate: [captionKeys.all, ['shows']],
        success: () => t.trackSaved,
        failure: { summary: t.trackSaved, group: 'captions-save' },
      },
      appEffects(queryClient),
    );
    setSaving(false);
    if (ok) {
      setFile(null);
      setParsed(null);
      setLabel('');
    }
  }

  return (
    <SectionCard title={t.addTrack}>
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t.show}
              placeholder={t.chooseShow}
              searchable
              data={(shows.data ?? []).map((each) => ({ value: each.id, label: each.title }))}
              value={show}
              onChange={setShow}
              required
            />
            <Select
              label={t.kind}
              data={Object.entries(t.kinds).map(([value, name]) => ({ value, label: name }))}
              value={kind}
              onChange={(value) => setKind(value ?? 'captions')}
              allowDeselect={false}
            />
            <TextInput
              label={t.language}
              description={t.languageHint}
              value={language}
              onChange={(event) => setLanguage(event.currentTarget.value)}
              error={languageError}
              required
            />
            <TextInput
              label={t.label}
              description={t.labelHint}
              value={label}
              onChange={(event) => setLabel(event.currentTarget.value)}
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
            error={fileError}
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
              loading={saving || reading}
              disabled={!show || !parsed || parsed.cues.length === 0 || Boolean(languageError)}
            >
              {t.saveTrack}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
