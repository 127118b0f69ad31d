import { countOf } from '@dosar/shared';

/** The limits the server keeps for a firm's steps (days around the due date). */
export const MIN_STEP = -30;
export const MAX_STEP = 60;
export const MAX_STEPS = 8;

const days = (n: number) => countOf(n, 'zi', 'zile');

/** „cu 3 zile înainte”, „în ziua scadenței”, „la 3 zile după”, „cu o zi înainte”. */
export function stepLabel(step: number): string {
  if (step === 0) return 'în ziua scadenței';
  if (step === -1) return 'cu o zi înainte';
  if (step === 1) return 'la o zi după';
  return step < 0 ? `cu ${days(-step)} înainte` : `la ${days(step)} după`;
}

/** A step as typed: how many days, and whether before or after the due date. */
export interface StepDraft {
  days: string;
  when: 'before' | 'on' | 'after';
}

export const draftOf = (step: number): StepDraft => ({
  days: step === 0 ? '0' : String(Math.abs(step)),
  when: step === 0 ? 'on' : step < 0 ? 'before' : 'after',
});

/** The steps as the server takes them, or the first problem in Romanian. */
export function parseSteps(drafts: StepDraft[]): { steps: number[] } | { error: string } {
  if (drafts.length === 0) return { error: 'Adaugă cel puțin un memento.' };
  if (drafts.length > MAX_STEPS)
    return { error: `Poți avea cel mult ${countOf(MAX_STEPS, 'memento', 'memento-uri')}.` };
  const steps: number[] = [];
  for (const draft of drafts) {
    if (draft.when === 'on') {
      steps.push(0);
      continue;
    }
    const n = Number(draft.days);
    if (draft.days.trim() === '' || !Number.isInteger(n) || n < 1) {
      return { error: 'Numărul de zile este un număr întreg, cel puțin 1.' };
    }
    if (draft.when === 'before' && n > -MIN_STEP) return { error: `Cel mult ${days(-MIN_STEP)} înainte de termen.` };
    if (draft.when === 'after' && n > MAX_STEP) return { error: `Cel mult ${days(MAX_STEP)} după termen.` };
    steps.push(draft.when === 'before' ? -n : n);
  }
  if (new Set(steps).size !== steps.length)
    return { error: 'Două memento-uri cad în aceeași zi: păstrează unul singur.' };
  return { steps: [...steps].sort((a, b) => a - b) };
}
