import { messages } from '../../i18n/messages';
import { type ImageChoice, ImageInput, type ImageLimits } from '../../ui/image-input';
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

const THUMBNAIL_LIMITS: ImageLimits = {
  accept: THUMBNAIL_ACCEPT,
  hint: thumbnailHint(),
  fileProblem: thumbnailFileProblem,
  sizeProblem: thumbnailSizeProblem,
};

/** A show's thumbnail (16:9 preview), within the shows schema's limits. */
export function ShowThumbnailInput(props: ShowThumbnailInputProps) {
  const t = messages();
  return (
    <ImageInput
      {...props}
      label={t.shows.thumbnail}
      limits={THUMBNAIL_LIMITS}
      preview={{ width: 112, height: 63 }}
      noun="thumbnail"
    />
  );
}
