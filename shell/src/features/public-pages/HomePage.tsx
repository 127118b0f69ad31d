import { Link } from 'react-router-dom';
import { homeForRole, useCurrentUser, usePageTitle } from '@dosar/shared';

const FEATURES = [
  {
    title: 'Toate documentele unui client, într-un singur dosar',
    text: 'Facturi, extrase, state de plată și contracte, ordonate pe categorii și pe luni. Nu mai cauți prin e-mailuri și stick-uri: fiecare client are dosarul lui, cu istoric complet.',
  },
  {
    title: 'Clienții încarcă singuri',
    text: 'Firmele pentru care ții contabilitatea primesc acces la propriul dosar și încarcă documentele lunii direct din browser, cu drag & drop. Tu vezi pe loc ce a sosit și ce lipsește.',
  },
  {
    title: 'Holdinguri de firme',
    text: 'Un antreprenor cu mai multe firme le vede pe toate într-un singur cont de holding, iar tu le gestionezi separat, fiecare cu documentele și categoriile ei.',
  },
  {
    title: 'Descărcare completă cu un clic',
    text: 'Arhiva ZIP a documentelor unui client, filtrată pe lună sau categorie, gata pentru închiderea de lună, pentru audit sau pentru un control ANAF.',
  },
  {
    title: 'Formulare și modele la îndemână',
    text: 'Publică o singură dată fișierele utile — declarații, împuterniciri, modele de contracte — și toți clienții tăi le găsesc în contul lor.',
  },
  {
    title: 'Echipă și drepturi clare',
    text: 'Administratorul firmei gestionează clienții, categoriile, utilizatorii și abonamentul; colegii lucrează cu documentele. Fiecare vede doar ce îi este permis.',
  },
];

const STEPS = [
  'Creezi contul firmei de contabilitate (CUI-ul se verifică automat).',
  'Adaugi clienții și, dacă e cazul, îi grupezi pe holdinguri.',
  'Inviți persoanele de contact ale clienților: primesc un e-mail cu link de activare.',
  'Clienții încarcă documentele lunii; tu le descarci, le verifici și închizi luna.',
];

/** / — what Dosar is, for Romanian accounting firms and their clients. */
export function HomePage() {
  usePageTitle('');
  const user = useCurrentUser();
  return (
    <>
      <section className="hero">
        <div className="hero-inner">
          <h1>Documentele clienților tăi, la un loc. Fără e-mailuri pierdute.</h1>
          <p>
            Dosar este portalul în care firma ta de contabilitate primește, ordonează și păstrează documentele
            clienților — lunar, pe categorii, în siguranță.
          </p>
          <div className="form-actions">
            {user ? (
              <Link className="btn btn-primary" to={homeForRole(user.role)}>
                Mergi la contul tău
              </Link>
            ) : (
              <>
                <Link className="btn btn-primary" to="/register">
                  Creează contul firmei
                </Link>
                <Link className="btn btn-ghost" to="/login">
                  Am deja cont
                </Link>
              </>
            )}
          </div>
        </div>
      </section>

      <div className="page">
        <section aria-labelledby="features-title">
          <h2 id="features-title">De ce Dosar</h2>
          <div className="grid grid-wide">
            {FEATURES.map((f) => (
              <article className="card" key={f.title}>
                <h3>{f.title}</h3>
                <p className="muted">{f.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="card prose" aria-labelledby="how-title">
          <h2 id="how-title">Cum începi</h2>
          <ol>
            {STEPS.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
          <p>
            Detalii pentru fiecare tip de cont găsești în <Link to="/documentation">documentație</Link>.
          </p>
        </section>

        <section className="card prose" aria-labelledby="trust-title">
          <h2 id="trust-title">Date în siguranță</h2>
          <p>
            Fiecare firmă își vede doar propriile date. Parolele sunt păstrate criptografic, conexiunea este criptată,
            iar fișierele șterse nu dispar pe loc, ci doar după perioada de păstrare. Prelucrăm datele conform GDPR —
            citește <Link to="/confidentiality">politica de confidențialitate</Link>.
          </p>
        </section>
      </div>
    </>
  );
}
