import { useCurrentUser } from '@dosar/shared';

/** The signed-in user's holding (roles 4 and 5 always have one), or null. */
export function useHoldingId(): number | null {
  const user = useCurrentUser();
  return user?.holding_id ?? user?.holding?.id ?? null;
}
