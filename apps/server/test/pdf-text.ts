import { extractText, getDocumentProxy } from 'unpdf';

// The text of a PDF, page by page, as a reader's copy would find it (unpdf's build of PDF.js;
// docs/decisions/0050): what tests of generated documents assert on.

/** Each page's text. */
export async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    const { text } = await extractText(document, { mergePages: false });
    return text;
  } finally {
    await document.destroy();
  }
}

/** The whole document's text, pages one after the other. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await pdfPages(pdf)).join('\n');
}
