// Field definitions: the types PocketBase collections have, with the options Airgrid uses.
// A collection is a list of these; the server derives validation, storage and the record JSON
// from them, and the web app derives forms.

interface FieldBase {
  name: string;
  /** Must be non-empty (non-zero for numbers, true for bools). */
  required?: boolean;
  /** Never sent to clients other than superusers, and not filterable by them. */
  hidden?: boolean;
  /** Managed by the server (id, timestamps, auth fields): clients cannot set it. */
  system?: boolean;
}

export interface TextField extends FieldBase {
  type: 'text';
  min?: number;
  max?: number;
  /** A regular expression the value must match (when non-empty). */
  pattern?: string;
  /** Seed-spec §5 rules (pipe-separated, e.g. "phone" or "zipcode") checked on the server too. */
  rules?: string;
}

export interface NumberField extends FieldBase {
  type: 'number';
  min?: number;
  max?: number;
  onlyInt?: boolean;
}

export interface BoolField extends FieldBase {
  type: 'bool';
}

export interface EmailField extends FieldBase {
  type: 'email';
}

export interface UrlField extends FieldBase {
  type: 'url';
}

export interface DateField extends FieldBase {
  type: 'date';
}

export interface AutodateField extends FieldBase {
  type: 'autodate';
  onCreate: boolean;
  onUpdate: boolean;
}

export interface SelectField extends FieldBase {
  type: 'select';
  values: readonly string[];
  /** 1 stores a string; more stores an array. */
  maxSelect: number;
}

export interface RelationField extends FieldBase {
  type: 'relation';
  collection: string;
  /** 1 stores an id; more stores an array of ids. */
  maxSelect: number;
  /** Deleting the related record deletes this one too. */
  cascadeDelete?: boolean;
}

export interface FileField extends FieldBase {
  type: 'file';
  maxSelect: number;
  /** Bytes; 0 means the default of 5 MiB. */
  maxSize: number;
  mimeTypes: readonly string[];
  /** Largest accepted image in pixels (width × height), for images. */
  maxImageSize?: { width: number; height: number };
  /** Smallest image accepted, in pixels (a podcast's cover art). */
  minImageSize?: { width: number; height: number };
  /** Only square images (a podcast's cover art). */
  squareImage?: boolean;
  /** Downloads need a file token. */
  protected?: boolean;
  thumbs?: readonly string[];
}

export interface JsonField extends FieldBase {
  type: 'json';
  /** Bytes of serialized JSON; 0 means 1 MiB. */
  maxSize?: number;
}

export interface PasswordField extends FieldBase {
  type: 'password';
  min: number;
}

export type Field =
  | TextField
  | NumberField
  | BoolField
  | EmailField
  | UrlField
  | DateField
  | AutodateField
  | SelectField
  | RelationField
  | FileField
  | JsonField
  | PasswordField;

export type FieldType = Field['type'];

/** True when the field holds a list (multiple select, relation or file). */
export function isMultiple(field: Field): boolean {
  return (
    (field.type === 'select' || field.type === 'relation' || field.type === 'file') &&
    field.maxSelect > 1
  );
}

type Options<F extends Field> = Omit<F, 'type' | 'name'>;

// Short constructors keep collection modules readable: `text('title', { required: true })`.
export const text = (name: string, options: Options<TextField> = {}): TextField => ({
  name,
  type: 'text',
  ...options,
});
export const number = (name: string, options: Options<NumberField> = {}): NumberField => ({
  name,
  type: 'number',
  ...options,
});
export const bool = (name: string, options: Options<BoolField> = {}): BoolField => ({
  name,
  type: 'bool',
  ...options,
});
export const email = (name: string, options: Options<EmailField> = {}): EmailField => ({
  name,
  type: 'email',
  ...options,
});
export const url = (name: string, options: Options<UrlField> = {}): UrlField => ({
  name,
  type: 'url',
  ...options,
});
export const date = (name: string, options: Options<DateField> = {}): DateField => ({
  name,
  type: 'date',
  ...options,
});
export const json = (name: string, options: Options<JsonField> = {}): JsonField => ({
  name,
  type: 'json',
  ...options,
});
export const select = (
  name: string,
  values: readonly string[],
  options: Partial<Options<SelectField>> = {},
): SelectField => ({
  name,
  type: 'select',
  values,
  maxSelect: 1,
  ...options,
});
export const relation = (
  name: string,
  collection: string,
  options: Partial<Options<RelationField>> = {},
): RelationField => ({
  name,
  type: 'relation',
  collection,
  maxSelect: 1,
  ...options,
});
export const file = (name: string, options: Partial<Options<FileField>> = {}): FileField => ({
  name,
  type: 'file',
  maxSelect: 1,
  maxSize: 0,
  mimeTypes: [],
  ...options,
});

/** A programme's media: any video or audio, told by its content. */
export const MEDIA_MIME_TYPES = ['video/*', 'audio/*'] as const;

/** Avatars and logos: SVG, PNG, JPG or GIF, at most 800 × 800 px (the seed's photo hint, enforced). */
export const PHOTO_MIME_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif'] as const;
export const PHOTO_MAX_SIZE = { width: 800, height: 800 } as const;

export const image = (name: string, options: Partial<Options<FileField>> = {}): FileField =>
  file(name, {
    maxSize: 5 * 1024 * 1024,
    mimeTypes: PHOTO_MIME_TYPES,
    maxImageSize: PHOTO_MAX_SIZE,
    thumbs: ['100x100', '400x0'],
    ...options,
  });

/** Options for programme artwork (bumpers, show and series thumbnails): up to 4K, 25 MiB. */
export const LARGE_IMAGE = {
  maxSize: 25 * 1024 * 1024,
  maxImageSize: { width: 3840, height: 2160 },
  thumbs: ['100x100', '400x0', '640x360'],
} as const satisfies Partial<Options<FileField>>;
