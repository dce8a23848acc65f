import { Anchor, Avatar, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { type ImageChoice, KEEP_IMAGE } from '../channels/channel-image-input';
import { readImageSize } from '../settings/image-size';
import {
  THUMBNAIL_ACCEPT,
  thumbnailFileProblem,
  thumbnailHint,
  thumbnailSizeProblem,
} from './show-model';

export interface ShowThumbnailInputProps {
  /** The stored thumbnail's URL, or '' when there is none. */
  currentUrl: string;
  choice: ImageChoice;
  onChoice: (choice: ImageChoice) => void;
  /** The server's message for the field. */
  error?: string;
  /** Reports whether a chosen file is still being checked, so Save can wait for it. */
  onChecking?: (checking: boolean) => void;
}

/**
 * A show's thumbnail: a preview, a file input that checks the shows schema's limits before
 * anything is uploaded (the server checks again), and Remove for a stored one. The channel
 * image input works the same way but reads the channels schema, so this one reads the show's.
 */
export function ShowThumbnailInput({
  currentUrl,
  choice,
  onChoice,
  error,
  onChecking,
}: ShowThumbnailInputProps) {
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
    const typeProblem = thumbnailFileProblem(file);
    if (typeProblem) {
      setProblem(typeProblem);
      return;
    }
    onChecking?.(true);
    const size = await readImageSize(file);
    if (mine !== ticket.current) return;
    onChecking?.(false);
    const sizeProblem = thumbnailSizeProblem(file, size);
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
          ? 'Current thumbnail'
          : 'No thumbnail yet.';

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Stack gap={4} align="center" w={112}>
        <Avatar
          src={shown || undefined}
          w={112}
          h={63}
          radius="sm"
          alt={shown ? 'Thumbnail' : undefined}
        >
          <IconPhoto size={24} />
        </Avatar>
        {currentUrl && choice.kind !== 'remove' && (
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
          label="Thumbnail"
          description={thumbnailHint()}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="Choose an image"
          accept={THUMBNAIL_ACCEPT}
          leftSection={<IconPhoto size={16} />}
          value={choice.kind === 'upload' ? choice.file : null}
          onChange={choose}
          clearable
          error={problem ?? error}
        />
        <Text size="xs" c="dimmed">
          {status}
        </Text>
      </Stack>
    </Group>
  );
}
