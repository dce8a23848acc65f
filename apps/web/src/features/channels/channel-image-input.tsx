import { type ImageChoice, ImageInput, type ImageLimits } from '../../ui/image-input';
import {
  type ChannelImageField,
  imageAccept,
  imageFileProblem,
  imageHint,
  imageSizeProblem,
} from './channel-feeds';

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

function channelImageLimits(field: ChannelImageField): ImageLimits {
  return {
    accept: imageAccept(field),
    hint: imageHint(field),
    fileProblem: (file) => imageFileProblem(field, file),
    sizeProblem: (file, size) => imageSizeProblem(field, file, size),
  };
}

/** A channel's logo or bumper image, within that field's limits in the channels schema. */
export function ChannelImageInput({ field, ...props }: ChannelImageInputProps) {
  return <ImageInput {...props} limits={channelImageLimits(field)} />;
}
