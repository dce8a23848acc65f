import { formatDuration } from '@airgrid/domain';
import type { EndpointReply, Endpoints } from '@airgrid/schema/contracts';
import { messages } from '../../i18n/messages';

// The coverage report as the page shows and exports it.

/** A week's coverage report (GET /api/v1/captions/coverage). */
export type CoverageReport = EndpointReply<Endpoints['GET /api/v1/captions/coverage']>;

/** A share as people read it: "50%", "33.3%", "—" when nothing aired. */
export function formatShare(share: number, scheduledSec: number): string {
  if (scheduledSec <= 0) return '—';
  const percent = Math.round(share * 1000) / 10;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The report as CSV (RFC 4180), a row per channel and one for all of them. */
export function coverageCsv(report: CoverageReport): string {
  const t = messages().captions;
  const hours = (seconds: number) => (seconds > 0 ? formatDuration(seconds, 'length') : '0:00');
  const percent = (share: number) => String(Math.round(share * 1000) / 10);
  const rows = [
    t.csvHeader,
    ...report.channels.map((row) => [
      row.name,
      row.number,
      row.language,
      hours(row.scheduledSec),
      hours(row.captionedSec),
      percent(row.share),
    ]),
    [
      t.allChannels,
      '',
      '',
      hours(report.total.scheduledSec),
      hours(report.total.captionedSec),
      percent(report.total.share),
    ],
  ];
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
