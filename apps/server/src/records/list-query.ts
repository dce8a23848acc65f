import { ApiError } from '../errors/api-error.js';

// A list request's query string (API-CONTRACT §2.1): page, perPage, sort, filter, skipTotal,
// and the page it answers with. The filter and sort are compiled by record-access.ts.

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 1000;

export interface ListQuery {
  page?: string;
  perPage?: string;
  sort?: string;
  filter?: string;
  skipTotal?: string;
}

export interface ListResult {
  items: Record<string, unknown>[];
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
}

/** The page asked for, from 1. */
export function pageNumber(query: ListQuery): number {
  return positiveInt(query.page, 'page') ?? 1;
}

/** Records per page: 30 unless asked, at most 1,000. */
export function pageSize(query: ListQuery): number {
  return Math.min(positiveInt(query.perPage, 'perPage') ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
}

/** `skipTotal=true`: no count query; totalItems and totalPages are -1. */
export function skipsTotal(query: ListQuery): boolean {
  return parseBool(query.skipTotal);
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value.trim()))
    throw new ApiError(400, `Invalid ${name}: it must be a whole number.`);
  const number = Number.parseInt(value, 10);
  return number <= 0 ? undefined : number;
}

function parseBool(value: string | undefined): boolean {
  return value !== undefined && ['1', 't', 'true', 'T', 'TRUE', 'True'].includes(value);
}
