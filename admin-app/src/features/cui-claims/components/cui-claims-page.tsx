import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ListTable, PageHeader, Select, confirmDialog, formatDate, toast } from '@dosar/shared';
import { paths } from '../../../paths';
import { StatusBadge } from '../../../components/status-badge';
import { decideClaim, useClaims, type ClaimCompany, type ClaimsQuery, type CuiClaim } from '../api/cui-claims';

export const CLAIM_STATUS: Record<string, { label: string; badge: string }> = {
  pending: { label: 'În așteptare', badge: 'badge badge-warning' },
  granted: { label: 'Acordată', badge: 'badge badge-success' },
  refused: { label: 'Respinsă', badge: 'badge badge-muted' },
};

const STATUS_OPTIONS = [
  { value: 'pending', label: 'În așteptare' },
  { value: 'granted', label: 'Acordate' },
  { value: 'refused', label: 'Respinse' },
  { value: '', label: 'Toate' },
];

const PER_PAGE = 20;

function Company({ company }: { company: ClaimCompany | null }) {
  if (!company) return <span className="muted">—</span>;
  return (
    <>
      {company.deleted ? (
        <span>
          {company.name} <span className="muted">(ștearsă)</span>
        </span>
      ) : (
        <Link to={paths.company(company.id)}>{company.name}</Link>
      )}
      <div className="muted">CUI: {company.cui ?? 'fără'}</div>
      {company.owner_email ? (
        <div className="muted">
          {company.owner_email}
          {company.owner_verified ? '' : ' (adresă neconfirmată)'}
        </div>
      ) : null}
    </>
  );
}

/**
 * /admin/cui-claims: companies born with a CUI another live company already had (a registration or an
 * accepted invitation). The administrator checks who the firm really is, then grants the CUI (the
 * holder loses it) or refuses the claim; the owners are told by e-mail.
 */
export function CuiClaimsPage() {
  const [status, setStatus] = useState<ClaimsQuery['status']>('pending');
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<number | null>(null);
  const claims = useClaims({ page, per_page: PER_PAGE, status });

  const decide = async (claim: CuiClaim, decision: 'grant' | 'refuse'): Promise<void> => {
    const confirmed = await confirmDialog(
      decision === 'grant'
        ? {
            title: `Acorzi CUI-ul ${claim.cui} companiei „${claim.claimant.name}”?`,
            text: claim.holder
              ? `Compania „${claim.holder.name}” rămâne fără CUI. Ambii proprietari primesc un e-mail.`
              : 'Proprietarul companiei primește un e-mail.',
            confirmButtonText: 'Acordă CUI-ul',
            cancelButtonText: 'Renunță',
            icon: 'question',
          }
        : {
            title: `Respingi cererea companiei „${claim.claimant.name}”?`,
            text: `Compania rămâne fără CUI, iar CUI-ul ${claim.cui} rămâne la compania care îl are. Proprietarul primește un e-mail.`,
            confirmButtonText: 'Respinge',
            cancelButtonText: 'Renunță',
            danger: true,
          },
    );
    if (!confirmed) return;
    setBusyId(claim.id);
    try {
      const { message } = await decideClaim(claim.id, decision);
      void toast.success(message);
      claims.reload();
    } catch {
      // The HTTP client showed the server's message (e.g. already decided); the list is read again.
      claims.reload();
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="page">
      <PageHeader title="Revendicări CUI" />
      <p className="muted">
        O companie creată cu un CUI pe care îl are deja altă companie activă din Dosar rămâne fără CUI până decizi:
        acorzi CUI-ul companiei care îl cere sau respingi cererea.
      </p>
      <div className="toolbar">
        <Select
          aria-label="Stare"
          inputId="cui-claims-status"
          options={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(value) => {
            setStatus((value ?? '') as ClaimsQuery['status']);
            setPage(1);
          }}
        />
      </div>
      <div className="card">
        <ListTable
          list={claims}
          caption="Revendicări CUI"
          errorText="Lista revendicărilor nu a putut fi încărcată."
          loadingLabel="Se încarcă revendicările…"
          empty={status === 'pending' ? 'Nicio revendicare în așteptare' : 'Nicio revendicare'}
          head={
            <>
              <th scope="col">CUI</th>
              <th scope="col">Compania care îl cere</th>
              <th scope="col">Compania care îl are</th>
              <th scope="col">Stare</th>
              <th scope="col">Acțiuni</th>
            </>
          }
          onPage={setPage}
          row={(claim) => (
            <tr key={claim.id}>
              <td>
                <strong>{claim.cui}</strong>
                <div className="muted">{formatDate(claim.created_at)}</div>
              </td>
              <td>
                <Company company={claim.claimant} />
              </td>
              <td>
                <Company company={claim.holder} />
              </td>
              <td>
                <StatusBadge status={claim.status} labels={CLAIM_STATUS} />
                {claim.decided_at ? (
                  <div className="muted">
                    {formatDate(claim.decided_at)}
                    {claim.decided_by_name ? `, ${claim.decided_by_name}` : ''}
                  </div>
                ) : null}
              </td>
              <td>
                {claim.status === 'pending' ? (
                  <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busyId !== null}
                      onClick={() => void decide(claim, 'grant')}
                    >
                      Acordă
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger"
                      disabled={busyId !== null}
                      onClick={() => void decide(claim, 'refuse')}
                    >
                      Respinge
                    </button>
                  </div>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
            </tr>
          )}
        />
      </div>
    </div>
  );
}
