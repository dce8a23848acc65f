import { EQUIPMENT_LABELS_MAX } from '@airgrid/schema/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

// Printable labels for the station's equipment (issue 20): a US Letter sheet of 30 labels,
// 2⅝ × 1 inch (Avery 5160 and its equivalents), each with a QR code of the item's address in
// the app, its name, serial and barcode. The code is drawn as vector squares, so it stays
// sharp on any printer; a phone's camera or the app's scanner reads it.

const POINT = 72;
const PAGE = { width: 8.5 * POINT, height: 11 * POINT };
const LABEL = { width: 2.625 * POINT, height: 1 * POINT };
const MARGIN = { top: 0.5 * POINT, left: 0.1875 * POINT };
const PITCH = { x: 2.75 * POINT, y: 1 * POINT };
const COLUMNS = 3;
const ROWS = 10;
const PADDING = 0.08 * POINT;
const QR_SIZE = LABEL.height - 2 * PADDING;
/** Labels one sheet request prints at most: ten pages of COLUMNS × ROWS (its contract's cap). */
export const MAX_LABELS = EQUIPMENT_LABELS_MAX;

export interface LabelItem {
  id: string;
  name: string;
  serial: string;
  barcode: string;
}

/** What a label's code reads: the item's address in the app. */
export function labelAddress(appUrl: string, id: string): string {
  return `${appUrl.replace(/\/+$/, '')}/equipment?item=${encodeURIComponent(id)}`;
}

/** The sheet as PDF bytes. */
export async function equipmentLabelsPdf(
  items: readonly LabelItem[],
  appUrl: string,
  stationName: string,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    info: { Title: `${stationName}: equipment labels`, Creator: 'Airgrid' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  items.forEach((item, index) => {
    const slot = index % (COLUMNS * ROWS);
    if (index > 0 && slot === 0) doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    const x = MARGIN.left + (slot % COLUMNS) * PITCH.x;
    const y = MARGIN.top + Math.floor(slot / COLUMNS) * PITCH.y;
    drawLabel(doc, item, x, y, appUrl, stationName);
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

function drawLabel(
  doc: PDFKit.PDFDocument,
  item: LabelItem,
  x: number,
  y: number,
  appUrl: string,
  stationName: string,
) {
  const code = QRCode.create(labelAddress(appUrl, item.id), { errorCorrectionLevel: 'M' });
  const size = code.modules.size;
  const cell = QR_SIZE / size;
  const left = x + PADDING;
  const top = y + PADDING;
  doc.save().fillColor('black');
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      if (code.modules.get(row, column))
        doc.rect(left + column * cell, top + row * cell, cell, cell);
    }
  }
  doc.fill().restore();
  const textLeft = left + QR_SIZE + PADDING;
  const width = x + LABEL.width - PADDING - textLeft;
  const line = (text: string, font: string, fontSize: number, at: number) =>
    doc
      .font(font)
      .fontSize(fontSize)
      .text(text, textLeft, at, { width, height: fontSize * 2.4, ellipsis: true, lineGap: 0 });
  line(item.name, 'Helvetica-Bold', 9, top);
  const details = [item.serial && `S/N ${item.serial}`, item.barcode && `# ${item.barcode}`]
    .filter(Boolean)
    .join('  ');
  if (details) line(details, 'Helvetica', 7, top + 24);
  line(stationName, 'Helvetica', 6, top + QR_SIZE - 8);
}
