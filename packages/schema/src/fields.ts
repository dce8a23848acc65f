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
type NoOptions = Record<never, never>;

/**
 * A field as its constructor made it: its name and the options it was given keep their literal
 * types, so a collection's record and table types are derived from its definition
 * (`RecordOf` in collection.ts, `TableOf` on the server).
 */
export type Made<F extends Field, N extends string, O> = F & { readonly name: N } & NoInfer<O>;
/** `maxSelect` as given, or the constructors' default of 1 (one value, not a list). */
type MaxSelectOf<O> = NoInfer<O> extends { maxSelect: infer M extends number } ? M : 1;

// Short constructors keep collection modules readable: `text('title', { required: true })`.
export const text = <const N extends string, const O extends Options<TextField> = NoOptions>(
  name: N,
  options?: O,
) => ({ name, type: 'text', ...options }) as Made<TextField, N, O>;
export const number = <const N extends string, const O extends Options<NumberField> = NoOptions>(
  name: N,
  options?: O,
) => ({ name, type: 'number', ...options }) as Made<NumberField, N, O>;
export const bool = <const N extends string, const O extends Options<BoolField> = NoOptions>(
  name: N,
  options?: O,
) => ({ name, type: 'bool', ...options }) as Made<BoolField, N, O>;
export const email = <const N extends string, const O extends Options<EmailField> = NoOptions>(
  name: N,
  options?: O,
) => ({ name, type: 'email', ...options }) as Made<EmailField, N, O>;
export const url = <const N extends string, const O extends Options<UrlField> = NoOptions>(
  name: N,
  options?: O,
) => ({ name, type: 'url', ...options }) as Made<UrlField, N, O>;
export const date = <const N extends string, const O extends Options<DateField> = NoOptions>(
  name: N,
  options?: O,
) => ({ name, type: 'date', ...options }) as Made<DateField, N, O>;
export const json = <const N extends string, const O extends Options<JsonField> = NoOptions>(
  name: N,
  options?: O,
) => ({ name, type: 'json', ...options }) as Made<JsonField, N, O>;
export const select = <
  const N extends string,
  const V extends string,
  const O extends Partial<Options<SelectField>> = NoOptions,
>(
  name: N,
  values: readonly V[],
  options?: O,
) =>
  ({ name, type: 'select', values, maxSelect: 1, ...options }) as Made<
    SelectField,
    N,
    O & { readonly values: readonly V[]; readonly maxSelect: MaxSelectOf<O> }
  >;
export const relation = <
  const N extends string,
  const O extends Partial<Options<RelationField>> = NoOptions,
>(
  name: N,
  collection: string,
  options?: O,
) =>
  ({ name, type: 'relation', collection, maxSelect: 1, ...options }) as Made<
    RelationField,
    N,
    O & { readonly maxSelect: MaxSelectOf<O> }
  >;
export const file = <
  const N extends string,
  const O extends Partial<Options<FileField>> = NoOptions,
>(
  name: N,
  options?: O,
) =>
  ({ name, type: 'file', maxSelect: 1, maxSize: 0, mimeTypes: [], ...options }) as Made<
    FileField,
    N,
    O & { readonly maxSelect: MaxSelectOf<O> }
  >;

/** A programme's media: any video or audio, told by its content. */
export const MEDIA_MIME_TYPES = ['video/*', 'audio/*'] as const;

/** Avatars and logos: SVG, PNG, JPG or GIF, at most 800 × 800 px (the seed's photo hint, enforced). */
export const PHOTO_MIME_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif'] as const;
export const PHOTO_MAX_SIZE = { width: 800, height: 800 } as const;

export const image = <const N extends string>(
  name: N,
  options: Partial<Options<FileField>> = {},
): Made<FileField, N, { readonly maxSelect: 1 }> =>
  file(name, {
    maxSize: 5 * 1024 * 1024,
    mimeTypes: PHOTO_MIME_TYPES,
    maxImageSize: PHOTO_MAX_SIZE,
    thumbs: ['100x100', '400x0'],
    ...options,
    maxSelect: 1,
  });

/** Options for programme artwork (bumpers, show and series thumbnails): up to 4K, 25 MiB. */
export const LARGE_IMAGE = {
  maxSize: 25 * 1024 * 1024,
  maxImageSize: { width: 3840, height: 2160 },
  thumbs: ['100x100', '400x0', '640x360'],
} as const satisfies Partial<Options<FileField>>;
