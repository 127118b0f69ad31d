import { useParams } from 'react-router-dom';

/**
 * /company-request/:hash — a visitor confirms or rejects a company request (SPEC §2).
 * Placeholder: the company-request feature fills this page in.
 */
export function CompanyRequestPage() {
  const { hash } = useParams();
  return (
    <div className="page">
      <div className="card prose">
        <h1>Cerere de colaborare</h1>
        <p className="muted">{hash ? 'Cererea se încarcă…' : 'Linkul nu este complet.'}</p>
      </div>
    </div>
  );
}
