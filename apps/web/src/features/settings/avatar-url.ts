import type { AuthRecord } from 'pocketbase';
import { pb } from '../../lib/pocketbase';

/**
 * The address of a user's avatar, as the 100 × 100 thumbnail the header and the photo card
 * show, or undefined when they have none (the Avatar then shows their initials).
 */
export function avatarUrl(user: AuthRecord): string | undefined {
  const file = user?.avatar;
  if (!user || typeof file !== 'string' || file === '') return undefined;
  return pb.files.getURL(user, file, { thumb: '100x100' });
}
