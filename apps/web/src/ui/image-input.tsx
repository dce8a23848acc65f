import { Anchor, Avatar, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../i18n/messages';
import { type ImageSize, readImageSize } from '../lib/image-size';

/** What saving does with a record's image: keep it, upload a checked file, or remove it. */
export type ImageChoice = { kind: 'keep' } | { kind: 'upload'; file: File } | { kind: 'remove' };

export const KEEP_IMAGE: ImageChoice = { kind: 'keep' };

/** The record fields a choice sends: a file (multipart), null to remove, or nothing. */
export function imagePatch(field: string, choice: ImageChoice): Record<string, unknown> {
  if (choice.kind === 'upload') return { [field]: choice.file };
  if (choice.kind === 'remove') return { [field]: null };
  return {};
}

/** The limits of one file field, as the form checks them before uploading. */
export interface ImageLimits {
  /** The input's accept attribute. */
  accept: string;
  /** The hint under the input, e.g. "SVG, PNG, JPG or GIF (max, 800 X 800px)". */
  hint: string;
  /** The problem with the file's type or size in bytes, or null. */
  fileProblem(file: File): string | null;
  /** The problem with its pixel size, or null. */
  sizeProblem(file: File, size: ImageSize): string | null;
}

export interface ImageInputProps {
  label: string;
  limits: ImageLimits;
  /** The stored image's URL, or '' when there is none. */
  currentUrl: string;
  choice: ImageChoice;
  onChoice: (choice: ImageChoice) => void;
  /** The server's message for the field. */
  error?: string;
  /** Reports whether a chosen file is still being checked, so Save can wait for it. */
  onChecking?: (checking: boolean) => void;
  disabled?: boolean;
  /** The preview's size in pixels (a square logo, a 16:9 thumbnail). */
  preview?: { width: number; height: number };
  /** What the image is called in the status line: "image", "thumbnail". */
  noun?: string;
}

/**
 * A record's image field: a preview, a file input that checks the field's limits before
 * anything is uploaded (the server checks again), and Remove for a stored image.
 */
export function ImageInput({
  label,
  limits,
  currentUrl,
  choice,
  onChoice,
  error,
  onChecking,
  disabled,
  preview = { width: 64, height: 64 },
  noun = messages().ui.image.noun,
}: ImageInputProps) {
  const t = messages();
  const [problem, setProblem] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState('');
  // The choice the latest check belongs to, so a slow decode cannot overwrite a newer choice.
  const ticket = useRef(0);

  useEffect(() => {
    if (choice.kind !== 'upload') {
      setPreviewUrl('');
      return;
    }
    const url = URL.createObjectURL(choice.file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [choice]);

  async function choose(file: File | null) {
    const mine = ++ticket.current;
    setProblem(null);
    onChoice(KEEP_IMAGE);
    if (!file) return;
    const typeProblem = limits.fileProblem(file);
    if (typeProblem) {
      setProblem(typeProblem);
      return;
    }
    onChecking?.(true);
    const size = await readImageSize(file);
    if (mine !== ticket.current) return;
    onChecking?.(false);
    const sizeProblem = limits.sizeProblem(file, size);
    if (sizeProblem) setProblem(sizeProblem);
    else onChoice({ kind: 'upload', file });
  }

  const shown = choice.kind === 'upload' ? previewUrl : choice.kind === 'remove' ? '' : currentUrl;
  const status =
    choice.kind === 'remove'
      ? t.ui.image.removedOnSave
      : choice.kind === 'upload'
        ? t.ui.image.usedOnSave
        : currentUrl
          ? t.ui.image.current(noun)
          : t.ui.image.none(noun);

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Stack gap={4} align="center" w={Math.max(preview.width, 72)}>
        <Avatar
          src={shown || undefined}
          w={preview.width}
          h={preview.height}
          radius="sm"
          alt={shown ? label : undefined}
        >
          <IconPhoto size={24} />
        </Avatar>
        {currentUrl && choice.kind !== 'remove' && !disabled && (
          <Anchor
            component="button"
            type="button"
            size="xs"
            c="red"
            onClick={() => {
              ticket.current++;
              setProblem(null);
              onChecking?.(false);
              onChoice({ kind: 'remove' });
            }}
          >
            {t.common.remove}
          </Anchor>
        )}
      </Stack>
      <Stack gap={2} style={{ flex: 1 }}>
        <FileInput
          label={label}
          description={limits.hint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={t.ui.image.choose}
          // Mantine's placeholder grey is below 4.5:1 on the dark input; the dimmed text is not.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          accept={limits.accept}
          leftSection={<IconPhoto size={16} />}
          value={choice.kind === 'upload' ? choice.file : null}
          onChange={choose}
          clearable
          disabled={disabled}
          error={problem ?? error}
        />
        <Text size="xs" c="dimmed">
          {status}
        </Text>
      </Stack>
    </Group>
  );
}
