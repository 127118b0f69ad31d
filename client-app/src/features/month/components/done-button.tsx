import { useState } from 'react';
import { confirmDialog, countOf, formatDate, markDone, periodTitle, toast, type MonthMeta } from '@dosar/shared';

export interface MonthDoneProps {
  clientUrl: string;
  month: Pick<MonthMeta, 'period' | 'done_at' | 'done_by_name' | 'closed' | 'counts'>;
  /** The signed-in user's name (to say „Ai anunțat” rather than naming them). */
  userName?: string;
  /** After the firm was told: the time the server recorded. */
  onDone: (doneAt: string) => void;
}

/**
 * „Am terminat” for a month (docs/api/month.md, "Months as a whole"): after a confirmation the
 * firm's people are told; then the line „Ai anunțat «Am terminat» pe …” takes the button's place.
 */
export function MonthDone({ clientUrl, month, userName, onDone }: MonthDoneProps) {
  const [busy, setBusy] = useState(false);
  if (month.closed) return null;
  if (month.done_at) {
    const who =
      month.done_by_name && month.done_by_name !== userName ? `${month.done_by_name} a anunțat` : 'Ai anunțat';
    return (
      <p className="notice month-done">{`${who} «Am terminat» pe ${formatDate(month.done_at, { time: true })}.`}</p>
    );
  }

  const open = month.counts.missing + month.counts.rejected;
  const onClick = async () => {
    const confirmed = await confirmDialog({
      title: `Anunți firma de contabilitate că ai trimis tot pentru ${periodTitle(month.period)}?`,
      text:
        open > 0
          ? `Mai ${open === 1 ? 'este' : 'sunt'} ${countOf(open, 'document lipsă sau respins', 'documente lipsă sau respinse')}. Firma de contabilitate primește un e-mail.`
          : 'Firma de contabilitate primește un e-mail.',
      confirmButtonText: 'Am terminat',
      cancelButtonText: 'Renunță',
      icon: 'question',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const result = await markDone(clientUrl, month.period);
      void toast.success(result.message ?? 'Firma de contabilitate a fost anunțată.');
      onDone(result.done_at);
    } catch {
      // The shared HTTP client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn btn-primary" onClick={() => void onClick()} disabled={busy}>
      Am terminat
    </button>
  );
}
