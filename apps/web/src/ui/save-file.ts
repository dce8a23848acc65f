/**
 * Hands the browser a file to save (a CSV export, a caption track, a PDF): a link to the blob,
 * clicked. The blob's address is released a minute later, when the download has long begun.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
