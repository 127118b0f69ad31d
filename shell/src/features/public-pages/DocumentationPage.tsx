import { usePageTitle } from '@dosar/shared';
import { Link } from 'react-router-dom';

interface Section {
  id: string;
  title: string;
  intro: string;
  items: { title: string; text: string }[];
}

const SECTIONS: Section[] = [
  {
    id: 'incepe',
    title: 'Primii pași',
    intro:
      'Dosar are patru tipuri de conturi: administratorul platformei, personalul firmei de contabilitate (administrator și angajat) și utilizatorii clienților (administrator de holding și utilizator). După autentificare ajungi direct în zona contului tău.',
    items: [
      {
        title: 'Autentificarea',
        text: 'Intră pe pagina Autentificare cu adresa de e-mail și parola. După cinci încercări greșite într-un minut, autentificarea se blochează temporar pentru acea adresă.',
      },
      {
        title: 'Ai uitat parola',
        text: 'Pe pagina „Ai uitat parola?” scrii adresa de e-mail; dacă ea aparține unui cont, primești un link valabil 60 de minute, care se poate folosi o singură dată. După schimbare, celelalte sesiuni deschise se închid.',
      },
      {
        title: 'Profilul tău',
        text: 'În fiecare zonă, pagina „Profilul meu” îți permite să schimbi numele, adresa de e-mail și parola (cu parola actuală).',
      },
    ],
  },
  {
    id: 'rol-2',
    title: 'Administratorul firmei de contabilitate',
    intro:
      'Contul se creează din pagina „Creează cont”: datele firmei (numele, CUI-ul verificat automat) și ale tale. Devii administratorul contului firmei.',
    items: [
      {
        title: 'Clienți',
        text: 'Pagina Clienți listează firmele pentru care ții contabilitatea, cu căutare după nume sau CUI, filtrare după holding și sortare. „Client nou” adaugă o firmă; o poți asocia unui holding.',
      },
      {
        title: 'Dosarul unui client',
        text: 'Deschide un client pentru a vedea documentele pe categorii și luni, pentru a încărca fișiere, a le descărca sau a le șterge și pentru a descărca arhiva ZIP a tuturor documentelor (sau doar a unei luni ori categorii). Îi poți trimite clientului o notificare pe e-mail.',
      },
      {
        title: 'Holdinguri',
        text: 'Un holding reunește mai multe firme ale aceluiași proprietar. Din pagina Holdinguri poți trimite o notificare holdingului, îi poți transfera setul tău de categorii sau poți înceta colaborarea.',
      },
      {
        title: 'Categorii',
        text: 'Categoriile (de exemplu Facturi emise, Facturi primite, Bancă, Salarii) organizează documentele. Le poți crea, redenumi, reordona prin tragere și șterge.',
      },
      {
        title: 'Fișiere utile',
        text: 'Publică modele și formulare (declarații, împuterniciri). Angajații tăi și clienții le văd și le pot descărca.',
      },
      {
        title: 'Utilizatori și abonament',
        text: 'Invită colegi ca angajați, cu acces la clienți, documente și fișiere utile. În pagina Abonament vezi planul curent, limitele lui și plățile.',
      },
    ],
  },
  {
    id: 'rol-3',
    title: 'Angajatul firmei de contabilitate',
    intro: 'Lucrezi zilnic cu documentele clienților, fără acces la setările firmei.',
    items: [
      {
        title: 'Ce poți face',
        text: 'Vezi lista de clienți, deschizi dosarul fiecăruia, încarci și descarci documente, descarci arhiva lunii și folosești fișierele utile.',
      },
      {
        title: 'Ce rămâne la administrator',
        text: 'Adăugarea clienților, categoriile, holdingurile, utilizatorii și abonamentul sunt gestionate de administratorul firmei.',
      },
    ],
  },
  {
    id: 'rol-4',
    title: 'Administratorul holdingului (clientul firmei de contabilitate)',
    intro:
      'Primești acces prin invitația firmei de contabilitate. În zona Client vezi firmele holdingului tău și documentele lor.',
    items: [
      {
        title: 'Firmele și documentele',
        text: 'Pe prima pagină sunt firmele holdingului. Deschide o firmă pentru a încărca documentele lunii (cu drag & drop, mai multe deodată), pentru a le descărca sau pentru a descărca arhiva completă.',
      },
      {
        title: 'Compania de contabilitate',
        text: 'Pagina Companie arată firma de contabilitate cu care lucrezi; de aici poți încheia colaborarea sau poți invita o altă firmă de contabilitate.',
      },
      {
        title: 'Utilizatori și abonament',
        text: 'Poți invita colegi (de exemplu contabilul intern) ca utilizatori ai holdingului și poți gestiona abonamentul holdingului.',
      },
      {
        title: 'Fișiere utile',
        text: 'Găsești formularele și modelele publicate de firma de contabilitate.',
      },
    ],
  },
  {
    id: 'rol-5',
    title: 'Utilizatorul holdingului',
    intro: 'Ai acces la firmele holdingului pentru a încărca și descărca documente.',
    items: [
      {
        title: 'Ce poți face',
        text: 'Vezi firmele holdingului, încarci documentele lunii, le descarci și folosești fișierele utile.',
      },
      {
        title: 'Ce rămâne la administratorul holdingului',
        text: 'Relația cu firma de contabilitate, utilizatorii și abonamentul sunt gestionate de administratorul holdingului.',
      },
    ],
  },
  {
    id: 'rol-1',
    title: 'Administratorul platformei',
    intro: 'Zona Administrare este rezervată echipei care operează Dosar.',
    items: [
      {
        title: 'Companii și holdinguri',
        text: 'Vezi toate firmele de contabilitate și holdingurile, le poți suspenda sau reactiva și poți consulta utilizarea fiecăreia.',
      },
      {
        title: 'Plăți și campanii',
        text: 'Urmărești plățile abonamentelor și trimiți campanii de e-mail către firme sau holdinguri.',
      },
    ],
  },
];

/** /documentation — how to use Dosar, per role. */
export function DocumentationPage() {
  usePageTitle('Documentație');
  return (
    <div className="page">
      <div className="prose">
        <h1>Documentație</h1>
        <p className="muted">Ghid de utilizare Dosar, pe tipuri de cont.</p>
        <nav className="card" aria-label="Cuprins">
          <strong>Cuprins</strong>
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        {SECTIONS.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`}>{s.title}</h2>
            <p>{s.intro}</p>
            <dl>
              {s.items.map((item) => (
                <div key={item.title}>
                  <dt>
                    <strong>{item.title}</strong>
                  </dt>
                  <dd>{item.text}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <section aria-labelledby="help-title">
          <h2 id="help-title">Ai nevoie de ajutor?</h2>
          <p>
            Dacă ești client al unei firme de contabilitate, adresează-te mai întâi firmei tale: ea administrează
            accesul tău. Pentru probleme tehnice, scrie-ne la <a href="mailto:suport@dosar.ro">suport@dosar.ro</a>. Vezi
            și <Link to="/confidentiality">politica de confidențialitate</Link>.
          </p>
        </section>
      </div>
    </div>
  );
}
