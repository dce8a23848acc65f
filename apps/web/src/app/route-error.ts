import { isRouteErrorResponse } from 'react-router';
import { messages } from '../i18n/messages';

const t = messages();

export const DEFAULT_ERROR_MESSAGE = t.shell.somethingWentWrong;

export interface PageError {
  statusCode: number;
  message: string;
}

/** The text of the 404 page for a location. */
export function notFoundMessage(pathname: string, search = ''): string {
  const t = messages();
  return t.shell.pageNotFoundAt(pathname, search);
}

/** Turns whatever a route threw into the status and message the error page shows. */
export function describeRouteError(error: unknown, pathname: string, search = ''): PageError {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return { statusCode: 404, message: notFoundMessage(pathname, search) };
    }
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText;
    return { statusCode: error.status, message: message || DEFAULT_ERROR_MESSAGE };
  }
  if (error instanceof Error && error.message) {
    return { statusCode: 500, message: error.message };
  }
  return { statusCode: 500, message: DEFAULT_ERROR_MESSAGE };
}
