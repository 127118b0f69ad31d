import { useState } from 'react';
import { PageHeader, toast } from '@dosar/shared';
import type { Campaign } from '../api/types';
import { CampaignHistory } from './campaign-history';
import { CampaignProgress } from './campaign-progress';
import { ComposeForm } from './compose-form';

/** /admin/campaigns: compose an e-mail campaign, preview it, send it with live progress; the history below. */
export function CampaignsPage() {
  const [sending, setSending] = useState<Campaign | null>(null);
  const [historyKey, setHistoryKey] = useState(0);

  return (
    <div className="page">
      <PageHeader title="Campanii" />
      {sending && (
        <CampaignProgress
          key={sending.id}
          campaign={sending}
          onDone={(done) => {
            setHistoryKey((k) => k + 1);
            void toast.success(`Campania „${done.subject}” a fost trimisă.`);
          }}
        />
      )}
      <ComposeForm
        onSent={(campaign) => {
          setSending(campaign);
          setHistoryKey((k) => k + 1);
        }}
      />
      <CampaignHistory key={historyKey} />
    </div>
  );
}
