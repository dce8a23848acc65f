import { describe, expect, it } from 'vitest';
import { EDITOR_ROLES, isEditorRole, ROLES } from './records.js';

describe('isEditorRole', () => {
  it('is true for editors and above, false for producers, viewers and anything else', () => {
    expect(ROLES.filter(isEditorRole)).toEqual([...EDITOR_ROLES]);
    expect(EDITOR_ROLES).toEqual(['owner', 'admin', 'editor']);
    for (const other of ['producer', 'viewer', '', 'Owner', undefined, null, 1]) {
      expect(isEditorRole(other), String(other)).toBe(false);
    }
  });
});
