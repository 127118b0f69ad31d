import { toIso } from '../../lib/paging.js';
import type { DoorKind } from '../doors/index.js';
import type { UserRow } from './repository.js';

/** A user as both doors answer it (never a password hash). */
export function presentUser(u: UserRow) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    created_at: toIso(u.created_at) as string,
    last_seen_at: toIso(u.last_seen_at),
    invited: u.invited,
  };
}

export type PresentedUser = ReturnType<typeof presentUser>;

/** A saved user in the envelope of the door (see userSavedResponse in schemas.ts). */
export function savedAnswer(kind: DoorKind, saved: { message: string; user: PresentedUser }) {
  return kind === 'company' ? { data: saved.user } : saved;
}
