// The English UI strings of i18n/: its slice of the catalog, merged by i18n/en.ts.

export const commonMessages = {
  clearFile: 'Clear the chosen file',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  loading: 'Loading',
  delete: 'Delete',
  edit: 'Edit',
  remove: 'Remove',
  back: 'Back',
  restore: 'Restore',
  /** A list's last item joined on: "SVG, PNG" or "GIF". */
  or: (list: string, last: string) => `${list} or ${last}`,
  /** A chosen file's problems (the name comes quoted). */
  fileTooLarge: (name: string, maxSize: string) => `${name} is larger than the ${maxSize} allowed.`,
  notAnImage: (name: string) => `${name} cannot be read as an image.`,
  imageTooBig: (maxWidth: number, maxHeight: number, width: number, height: number) =>
    `The image must be at most ${maxWidth} × ${maxHeight} px (this one is ${width} × ${height}).`,
  ofType: (type: string) => `of type ${type}`,
  ofAnUnknownType: 'of an unknown type',
};
