import PDFDocument from 'pdfkit';
import {
  type Affidavit,
  type AffidavitRow,
  certification,
  type Invoice,
  moneyText,
  type Period,
  pdfText,
  type StationFacts,
  signingName,
} from './affidavit.js';

// The affidavit and the invoice as PDFs (issue 40, item 7), drawn with pdfkit's standard
// fonts (text outside Windows-1252 is written "?": affidavit.ts's pdfText). US Letter for a
// station billing in North American currencies, A4 for the others. The affidavit is landscape:
// its table of spots repeats its header on every page, under a running header naming the
// station, the sponsor and the campaign; every page is numbered.

const MARGIN = 40;
/** Room kept under the content for the footer's page number. */
const FOOTER = 30;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const GREY = '#555555';
const RULE = '#bbbbbb';
/** Currencies billed on US Letter paper; the rest on A4. */
const LETTER_CURRENCIES = new Set(['USD', 'CAD', 'MXN']);

type Doc = PDFKit.PDFDocument;

function paperOf(currency: string): 'LETTER' | 'A4' {
  return LETTER_CURRENCIES.has(currency) ? 'LETTER' : 'A4';
}

/** A period as the documents write it: "2031-04-01 – 2031-04-30" (one day: the day). */
function periodText(period: Period): string {
  return period.from === period.to ? period.from : `${period.from} – ${period.to}`;
}

/** Renders a document and answers its bytes. */
async function render(doc: Doc, draw: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  draw();
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** Writes text at the cursor (or at x, y), made writable by the standard fonts. */
function write(
  doc: Doc,
  text: string,
  options: PDFKit.Mixins.TextOptions & { x?: number; y?: number } = {},
): void {
  const { x, y, ...rest } = options;
  if (x !== undefined && y !== undefined) doc.text(pdfText(text), x, y, rest);
  else doc.text(pdfText(text), rest);
}

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomOf = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** "Page 2 of 5" at the foot of every page, with what the document is on the left. */
function numberPages(doc: Doc, label: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const keep = doc.page.margins.bottom;
    // Writing under the bottom margin would start a new page: lift it while writing there.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 8;
    doc.font(FONT).fontSize(8).fillColor(GREY);
    write(doc, label, { x: MARGIN, y, width: contentWidth(doc) / 2, lineBreak: false });
    write(doc, `Page ${index - range.start + 1} of ${range.count}`, {
      x: doc.page.width / 2,
      y,
      width: contentWidth(doc) / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = keep;
  }
  doc.fillColor('black');
}

/** The station's lines as its documents print them: legal name, address, EIN. */
function stationLines(station: StationFacts): string[] {
  const lines = [signingName(station)];
  if (station.legalName.trim() && station.legalName.trim() !== station.name)
    lines.push(`(${station.name})`);
  lines.push(...station.address);
  if (station.ein) lines.push(`EIN ${station.ein}`);
  return lines;
}

/** A labelled block of lines at (x, y), `width` wide; answers where it ends. */
function block(doc: Doc, label: string, lines: string[], x: number, y: number, width: number) {
  doc.font(BOLD).fontSize(8).fillColor(GREY);
  write(doc, label.toUpperCase(), { x, y, width });
  doc.font(FONT).fontSize(10).fillColor('black');
  for (const line of lines) write(doc, line, { width });
  return doc.y;
}

interface Column<T> {
  title: string;
  /** A share of the table's width. */
  weight: number;
  align?: 'left' | 'right';
  value: (row: T) => string;
}

const CELL_PAD = 3;

/**
 * A table from the cursor down: its header row, then each row as tall as its tallest cell,
 * on a new page (its header drawn again) when it would not fit.
 */
function table<T>(doc: Doc, columns: Column<T>[], rows: readonly T[], fontSize = 8): void {
  const width = contentWidth(doc);
  const total = columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = columns.map((column) => (column.weight / total) * width);
  const left = doc.page.margins.left;

  const cells = (values: string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    const heights = values.map(
      (value, index) =>
        doc.heightOfString(pdfText(value) || ' ', { width: (widths[index] ?? 0) - 2 * CELL_PAD }) +
        2 * CELL_PAD,
    );
    const height = Math.max(...heights);
    if (doc.y + height > bottomOf(doc)) {
      doc.addPage();
      if (font === FONT) header();
    }
    const y = doc.y;
    let x = left;
    values.forEach((value, index) => {
      const cellWidth = widths[index] ?? 0;
      doc.font(font).fontSize(fontSize).fillColor('black');
      write(doc, value, {
        x: x + CELL_PAD,
        y: y + CELL_PAD,
        width: cellWidth - 2 * CELL_PAD,
        align: columns[index]?.align ?? 'left',
      });
      x += cellWidth;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(font === BOLD ? 0.8 : 0.3)
      .strokeColor(font === BOLD ? '#000000' : RULE)
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  const header = () =>
    cells(
      columns.map((column) => column.title),
      BOLD,
    );

  header();
  for (const row of rows)
    cells(
      columns.map((column) => column.value(row)),
      FONT,
    );
  doc.x = left;
}

const SPOT_COLUMNS: Column<AffidavitRow>[] = [
  { title: 'Date', weight: 62, value: (row) => row.date },
  { title: 'Time', weight: 74, value: (row) => `${row.time} ${row.zoneName}` },
  { title: 'Channel', weight: 92, value: (row) => row.channel },
  { title: 'Programme', weight: 140, value: (row) => row.programme || '—' },
  { title: 'Spot', weight: 130, value: (row) => row.spot },
  { title: 'Duration', weight: 50, align: 'right', value: (row) => row.duration },
  {
    title: 'Proof',
    weight: 124,
    value: (row) => (row.status === 'off-plan' ? `${row.proof} (off-plan)` : row.proof),
  },
];

/** Space for `height` points below the cursor, or a new page. */
function room(doc: Doc, height: number): void {
  if (doc.y + height > bottomOf(doc)) doc.addPage();
}

function heading(doc: Doc, text: string): void {
  // A heading is kept with at least a table's header and first rows.
  room(doc, 72);
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(11).fillColor('black');
  write(doc, text, { x: doc.page.margins.left, y: doc.y });
  doc.moveDown(0.3);
}

/** The affidavit of performance as a PDF. */
export function affidavitPdf(affidavit: Affidavit): Promise<Buffer> {
  const { station, sponsor, campaign, period, totals } = affidavit;
  const doc = new PDFDocument({
    size: paperOf(station.currency),
    layout: 'landscape',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER / 2, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: pdfText(`Affidavit of performance: ${campaign.name}, ${periodText(period)}`),
      Author: pdfText(signingName(station)),
      Creator: 'Airgrid',
    },
  });
  // Every page after the first opens with who and what it is about.
  const running = () => {
    const left = doc.page.margins.left;
    const width = contentWidth(doc);
    doc.font(BOLD).fontSize(9).fillColor('black');
    write(doc, `${signingName(station)}: affidavit of performance`, {
      x: left,
      y: MARGIN,
      width: width / 2,
      lineBreak: false,
    });
    doc.font(FONT).fontSize(9).fillColor(GREY);
    write(doc, `${sponsor.name} · ${campaign.name} · ${periodText(period)}`, {
      x: left + width / 2,
      y: MARGIN,
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('black');
    doc.x = left;
    doc.y = MARGIN + 20;
  };

  return render(doc, () => {
    doc.on('pageAdded', running);
    const left = MARGIN;
    const width = contentWidth(doc);
    doc.font(BOLD).fontSize(18);
    write(doc, 'Affidavit of performance', { x: left, y: MARGIN });
    doc.font(FONT).fontSize(10).fillColor(GREY);
    write(doc, `${campaign.name} · ${periodText(period)}`);
    doc.fillColor('black');
    const top = doc.y + 12;
    const third = width / 3;
    const ends = [
      block(doc, 'Station', stationLines(station), left, top, third - 12),
      block(
        doc,
        'Sponsor',
        [
          sponsor.name,
          ...(sponsor.contactName ? [`Attn: ${sponsor.contactName}`] : []),
          ...addressLines(sponsor.billingAddress),
        ],
        left + third,
        top,
        third - 12,
      ),
      block(
        doc,
        'Campaign',
        [
          campaign.name,
          `Flight ${periodText({ from: campaign.flightStart, to: campaign.flightEnd })}`,
          `Period ${periodText(period)}`,
          campaign.goalSpots > 0
            ? `Goal ${campaign.goalSpots} ${GOAL_WORDS[campaign.goalPer]}`
            : 'No goal set',
          ...(campaign.rate > 0
            ? [`Rate ${moneyText(campaign.rate, station.currency)} a spot`]
            : []),
        ],
        left + 2 * third,
        top,
        third - 12,
      ),
    ];
    doc.x = left;
    doc.y = Math.max(...ends) + 10;

    heading(doc, 'Totals against the contract');
    doc.font(FONT).fontSize(10);
    for (const line of totalsLines(affidavit)) write(doc, line, { x: left, y: doc.y, width });

    heading(doc, `Spots aired (${affidavit.rows.length})`);
    if (affidavit.rows.length === 0) {
      doc.font(FONT).fontSize(10);
      write(doc, 'No spot of this campaign aired in the period.', { x: left, y: doc.y });
    } else table(doc, SPOT_COLUMNS, affidavit.rows);

    if (affidavit.missed.length > 0) {
      heading(doc, `Missed spots: placed, not aired, not billed (${totals.missed})`);
      table(doc, SPOT_COLUMNS, affidavit.missed);
    }

    heading(doc, 'Certification');
    doc.font(FONT).fontSize(10);
    write(doc, certification(affidavit), { x: left, y: doc.y, width });
    room(doc, 70);
    doc.moveDown(2.5);
    const y = doc.y;
    const quarter = width / 4;
    ['Signature', 'Name', 'Title', 'Date'].forEach((label, index) => {
      const x = left + index * quarter;
      doc
        .moveTo(x, y)
        .lineTo(x + quarter - 16, y)
        .lineWidth(0.6)
        .strokeColor('#000000')
        .stroke();
      doc.font(FONT).fontSize(8).fillColor(GREY);
      write(doc, label, { x, y: y + 4, width: quarter - 16 });
    });
    doc.fillColor('black');
    write(doc, `For ${signingName(station)}`, { x: left, y: y + 20, width });
    numberPages(doc, `Affidavit · ${campaign.name} · ${periodText(period)}`);
  });
}

const GOAL_WORDS = { day: 'a day', week: 'a week', total: 'over the flight' } as const;

/** The totals said as sentences: aired against the goal and against what was booked. */
export function totalsLines(affidavit: Affidavit): string[] {
  const { totals } = affidavit;
  const spots = (count: number) => `${count} ${count === 1 ? 'spot' : 'spots'}`;
  const lines = [
    `Aired: ${spots(totals.aired + totals.offPlan)}${
      totals.offPlan > 0 ? ` (${totals.offPlan} off-plan)` : ''
    }${totals.unconfirmed > 0 ? `, of which ${totals.unconfirmed} by schedule (unconfirmed)` : ''}.`,
    `Against the goal: ${totals.aired + totals.offPlan} of ${spots(totals.goal)} over the period.`,
    `Against the booking: ${totals.aired} of ${spots(totals.booked)} placed in the period aired; ${totals.missed} missed${
      totals.upcoming > 0 ? `, ${totals.upcoming} still to air` : ''
    }.`,
  ];
  return lines;
}

/** A several-line address as its lines, blank ones left out. */
function addressLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const INVOICE_COLUMNS: Column<{ cells: string[] }>[] = [
  { title: 'Description', weight: 300, value: (row) => row.cells[0] ?? '' },
  { title: 'Spots', weight: 60, align: 'right', value: (row) => row.cells[1] ?? '' },
  { title: 'Rate', weight: 90, align: 'right', value: (row) => row.cells[2] ?? '' },
  { title: 'Amount', weight: 100, align: 'right', value: (row) => row.cells[3] ?? '' },
];

/** The invoice as a PDF. */
export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const { station, sponsor, campaign, period, currency } = invoice;
  const doc = new PDFDocument({
    size: paperOf(currency),
    margins: { top: MARGIN, bottom: MARGIN + FOOTER / 2, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: pdfText(`Invoice ${invoice.number}`),
      Author: pdfText(signingName(station)),
      Creator: 'Airgrid',
    },
  });
  const money = (amount: number) => moneyText(amount, currency);

  return render(doc, () => {
    const left = MARGIN;
    const width = contentWidth(doc);
    doc.font(BOLD).fontSize(16);
    write(doc, signingName(station), { x: left, y: MARGIN, width: width * 0.6 });
    doc.font(BOLD).fontSize(22);
    write(doc, 'INVOICE', { x: left, y: MARGIN, width, align: 'right' });
    doc.font(FONT).fontSize(10);
    for (const line of [
      `Invoice no. ${invoice.number}`,
      `Date ${invoice.issuedOn}`,
      `Period ${periodText(period)}`,
    ])
      write(doc, line, { x: left, y: doc.y, width, align: 'right' });
    const top = doc.y + 16;
    const half = width / 2;
    const ends = [
      block(doc, 'From', stationLines(station), left, top, half - 16),
      block(
        doc,
        'Bill to',
        [
          sponsor.name,
          ...(sponsor.contactName ? [`Attn: ${sponsor.contactName}`] : []),
          ...addressLines(sponsor.billingAddress),
        ],
        left + half,
        top,
        half - 16,
      ),
    ];
    doc.x = left;
    doc.y = Math.max(...ends) + 12;
    doc.font(FONT).fontSize(10);
    write(
      doc,
      `Underwriting spots of the campaign ${campaign.name} (flight ${periodText({
        from: campaign.flightStart,
        to: campaign.flightEnd,
      })}), aired ${periodText(period)}, as certified in the affidavit of performance for the same period. Amounts in ${currency}.`,
      { x: left, y: doc.y, width },
    );
    doc.moveDown(0.8);
    table(
      doc,
      INVOICE_COLUMNS,
      invoice.lines.map((line) => ({
        cells: [line.description, String(line.quantity), money(line.unitPrice), money(line.amount)],
      })),
      10,
    );
    doc.moveDown(0.4);
    doc.font(BOLD).fontSize(12);
    write(doc, `Total due: ${money(invoice.total)}`, { x: left, y: doc.y, width, align: 'right' });
    doc.font(FONT).fontSize(9).fillColor(GREY);
    if (invoice.missed > 0)
      write(
        doc,
        `${invoice.missed} missed ${invoice.missed === 1 ? 'spot is' : 'spots are'} not billed.`,
        { x: left, y: doc.y, width, align: 'right' },
      );
    doc.fillColor('black');

    heading(doc, 'Remittance');
    doc.font(FONT).fontSize(10);
    const lines = [`Payable to: ${invoice.payableTo}`];
    const remittance = invoice.remittance;
    if (remittance) {
      if (remittance.bankName) lines.push(`Bank: ${remittance.bankName}`);
      if (remittance.accountName) lines.push(`Account name: ${remittance.accountName}`);
      if (remittance.routingNumber) lines.push(`Routing number: ${remittance.routingNumber}`);
      lines.push(`Reference: ${invoice.number}`);
      if (remittance.notes) lines.push(remittance.notes);
    } else lines.push(`Reference: ${invoice.number}`);
    for (const line of lines) write(doc, line, { x: left, y: doc.y, width });
    numberPages(doc, `Invoice ${invoice.number}`);
  });
}
