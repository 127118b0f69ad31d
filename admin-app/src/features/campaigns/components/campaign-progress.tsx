import { ProgressBar } from '@dosar/shared';
import { useCampaignProgress } from '../api/get-campaign';
import type { Campaign } from '../api/types';

/** Live sending progress of a campaign: sent / failed out of all recipients, polled until done. */
export function CampaignProgress({ campaign, onDone }: { campaign: Campaign; onDone?: (campaign: Campaign) => void }) {
  const current = useCampaignProgress(campaign, onDone);
  const { total, sent, failed, retrying } = current.progress;
  const finished = sent + failed;
  return (
    <section className="card" aria-label="Progresul trimiterii" aria-live="polite">
      <h2>„{current.subject}”</h2>
      <ProgressBar value={total ? finished / total : 1} label={`Trimise ${sent} din ${total} · eșuate ${failed}`} />
      <p className="muted">
        {current.status === 'done'
          ? failed
            ? `Trimitere încheiată: ${sent} trimise, ${failed} eșuate după mai multe încercări.`
            : `Trimitere încheiată: toate cele ${sent} e-mailuri au plecat.`
          : `Se trimite…${retrying ? ` (${retrying} se reîncearcă)` : ''}`}
      </p>
    </section>
  );
}
