import type { DoorPolicy } from '../doors/index.js';

export type HandoverAction = 'handover.download';

/** Who downloads a closed month's proces-verbal: the firm's owner and staff, the client's holding. */
export const HANDOVER_POLICY: DoorPolicy<HandoverAction> = {
  // The proces-verbal of a closed month is read, not made: a read-only tenant still downloads it.
  effects: { 'handover.download': 'read' },
  company: { 'handover.download': [2, 3] },
  holding: { 'handover.download': [4, 5] },
};
