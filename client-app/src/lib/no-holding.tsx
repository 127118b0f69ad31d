import { ErrorState } from '@dosar/shared';

/** What a holding screen shows when the signed-in account belongs to no holding. */
export function NoHolding() {
  return <ErrorState message="Contul tău nu este asociat unui holding." />;
}
