import type { PlannedDigest } from './compose.js';

/** A planned digest as the preview and "remind now" answer it. */
export function presentPlan(plan: PlannedDigest) {
  return {
    client: { id: plan.client.id, name: plan.client.name },
    recipients: plan.recipients.map((r) => ({ email: r.email, name: r.name })),
    steps: plan.claims.map((c) => ({ period: c.period, step: c.step })),
    months: plan.months.map((m) => ({ period: m.period, due_date: m.due_date, items: m.items })),
  };
}
