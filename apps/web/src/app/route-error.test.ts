import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE, describeRouteError, notFoundMessage } from './route-error';

// The shape React Router hands the error boundary for a thrown response (`throw data(...)`).
function errorResponse(status: number, statusText: string, data: unknown) {
  return { status, statusText, internal: false, data };
}

describe('notFoundMessage', () => {
  it('names the path and its query', () => {
    expect(notFoundMessage('/no/such/page')).toBe('Page not found: /no/such/page');
    expect(notFoundMessage('/no/such/page', '?a=1')).toBe('Page not found: /no/such/page?a=1');
  });
});

describe('describeRouteError', () => {
  it('reports a thrown Error as a 500 with its message', () => {
    expect(describeRouteError(new Error('Channel feed failed'), '/channels')).toEqual({
      statusCode: 500,
      message: 'Channel feed failed',
    });
  });

  it('falls back to the standard message when there is none', () => {
    expect(describeRouteError(new Error(''), '/')).toEqual({
      statusCode: 500,
      message: DEFAULT_ERROR_MESSAGE,
    });
    expect(describeRouteError('boom', '/')).toEqual({
      statusCode: 500,
      message: DEFAULT_ERROR_MESSAGE,
    });
    expect(describeRouteError(undefined, '/')).toEqual({
      statusCode: 500,
      message: DEFAULT_ERROR_MESSAGE,
    });
  });

  it('turns a 404 response into the page-not-found message for the location', () => {
    const error = errorResponse(404, 'Not Found', null);
    expect(describeRouteError(error, '/shows/abc', '?tab=media')).toEqual({
      statusCode: 404,
      message: 'Page not found: /shows/abc?tab=media',
    });
  });

  it('keeps the status and body text of other responses', () => {
    const error = errorResponse(403, 'Forbidden', 'Only station admins can open this page.');
    expect(describeRouteError(error, '/members')).toEqual({
      statusCode: 403,
      message: 'Only station admins can open this page.',
    });
  });

  it('uses the status text when the body is not text', () => {
    const error = errorResponse(503, 'Service Unavailable', { retry: true });
    expect(describeRouteError(error, '/tvguide')).toEqual({
      statusCode: 503,
      message: 'Service Unavailable',
    });
  });
});
