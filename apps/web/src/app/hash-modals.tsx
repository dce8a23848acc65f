import { useLocation, useMatches, useNavigate } from 'react-router';
import { ChannelDetailsModal } from '../features/channels/channel-details-modal';
import { CsvUploadModal } from '../features/csv-import/csv-upload-modal';
import { contextOfHash, contextTitle, modalForHash } from './hash-modal';

/**
 * The global modals the URL hash opens (seed §2). Closing one clears the hash and keeps the
 * path and query, so the back button and shared links behave.
 */
export function HashModals() {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const channel = useRouteParam('channel');
  const close = () => navigate({ pathname, search, hash: '' }, { replace: true });

  const modal = modalForHash(hash);
  return (
    <>
      {/* Always mounted, so it can animate open and closed. */}
      <CsvUploadModal opened={modal === 'csv-upload'} />
      {modal === 'details' && (
        <ChannelDetailsModal
          contextTitle={contextTitle(contextOfHash(hash))}
          channel={channel}
          onClose={close}
        />
      )}
    </>
  );
}

/** A parameter of the deepest matched route (the root renders above the page's route). */
function useRouteParam(name: string): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const value = matches[i]?.params[name];
    if (value) return value;
  }
  return undefined;
}
