import { usePageTitle } from '@dosar/shared';
import { Link } from 'react-router-dom';
import { paths } from './paths';

export function NotFoundPage() {
  usePageTitle('Pagina nu există');
  return (
    <div className="page">
      <div className="card fallback">
        <h1>Pagina nu există</h1>
        <p className="muted">Adresa poate fi greșită sau pagina a fost mutată.</p>
        <Link className="btn btn-primary" to={paths.home}>
          Mergi la pagina principală
        </Link>
      </div>
    </div>
  );
}
