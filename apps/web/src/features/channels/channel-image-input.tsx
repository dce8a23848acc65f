import { Anchor, Avatar, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { readImageSize } from '../settings/image-size';
import {
  type ChannelImageField,
  imageAccept,
  imageFileProblem,
  imageHint,
  imageSizeProblem,
} from './channel-feeds';

/** What saving does with a channel image: keep it, upload a checked file, or remove it. */
export type ImageChoice = { kind: 'keep' } | { kind: 'upload'; file: File } | { kind: 'remove' };

export const KEEP_IMAGE: ImageChoice = { kind: 'keep' };

/** The record fields a choice sends: a file (multipart), null to remove, or nothing. */
export function imagePatch(field: ChannelImageField, choice: ImageChoice): Record<string, unknown> {
  if (choice.kind === 'upload') return { [field]: choice.file };
  if (choice.kind === 'remove') return { [field]: null };
  return {};
}

export interface ChannelImageInputProps {
  field: ChannelImageField;
  label: string;
  /** The stored image's URL, or '' when there is none. */
  currentUrl: string;
  choice: ImageChoice;
  onChoice: (choice: ImageChoice) => void;
  /** The server's message for the field. */
  error?: string;
  /** Reports whether a chosen file is still being checked, so Save can wait for it. */
  onChecking?: (checking: boolean) => void;
  disabled?: boolean;
}

/**
 * A channel's logo or bumper image: a preview, a file input that checks the field's limits
 * before anything is uploaded (the server checks again), and Remove for a stored image.
 */
export function ChannelImageInput({
  field,
  label,
  currentUrl,
  choice,
  onChoice,
  error,
  onChecking,
  disabled,
}: ChannelImageInputProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState('');
  // The choice the latest check belongs to, so a slow decode cannot overwrite a newer choice.
  const ticket = useRef(0);

  useEffect(() => {
    if (choice.kind !== 'upload') {
      setPreview('');
      return;
    }
    const url = URL.createObjectURL(choice.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [choice]);

  async function choose(file: File | null) {
    const mine = ++ticket.current;
    setProblem(null);
    onChoice(KEEP_IMAGE);
    if (!file) return;
    const typeProblem = imageFileProblem(field, file);
    if (typeProblem) {
      setProblem(typeProblem);
      return;
    }
    onChecking?.(true);
    const size = await readImageSize(file);
    if (mine !== ticket.current) return;
    onChecking?.(false);
    const sizeProblem = imageSizeProblem(field, file, size);
    if (sizeProblem) setProblem(sizeProblem);
    else onChoice({ kind: 'upload', file });
  }

  const shown = choice.kind === 'upload' ? preview : choice.kind === 'remove' ? '' : currentUrl;
  const status =
    choice.kind === 'remove'
      ? 'Removed when you save.'
      : choice.kind === 'upload'
        ? 'Used when you save.'
        : currentUrl
          ? 'Current image'
          : 'No image yet.';

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Stack gap={4} align="center" w={72}>
        <Avatar src={shown || undefined} size={64} radius="sm" alt={shown ? label : undefined}>
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
            Remove
          </Anchor>
        )}
      </Stack>
      <Stack gap={2} style={{ flex: 1 }}>
        <FileInput
          label={label}
          description={imageHint(field)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="Choose an image"
          accept={imageAccept(field)}
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
