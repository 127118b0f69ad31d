import { usePageTitle } from '@dosar/shared';
import { Link } from 'react-router-dom';

/** /terms-and-conditions */
export function TermsPage() {
  usePageTitle('Termeni și condiții');
  return (
    <div className="page">
      <article className="prose">
        <h1>Termeni și condiții</h1>
        <p className="muted">Ultima actualizare: 22 noiembrie 2026</p>

        <h2>1. Despre serviciu</h2>
        <p>
          Dosar („serviciul”) este o aplicație web prin care firmele de contabilitate („companiile”) primesc,
          organizează și păstrează documentele clienților lor, iar clienții („holdingurile” și firmele lor) le încarcă
          și le consultă. Folosind serviciul accepți acești termeni. Dacă folosești Dosar în numele unei firme, declari
          că ai dreptul să o reprezinți.
        </p>

        <h2>2. Conturi</h2>
        <ul>
          <li>
            Contul unei firme de contabilitate se creează cu datele reale ale firmei; CUI-ul trebuie să fie valid.
            Persoana care creează contul devine administratorul lui.
          </li>
          <li>
            Administratorul firmei invită colegii și clienții și răspunde de drepturile pe care le acordă. Conturile
            clienților sunt create sau invitate de firma de contabilitate.
          </li>
          <li>
            Ești responsabil de păstrarea confidențialității parolei. Anunță-ne imediat dacă bănuiești o folosire
            neautorizată a contului.
          </li>
        </ul>

        <h2>3. Folosirea permisă</h2>
        <p>Nu ai voie să folosești serviciul pentru:</p>
        <ul>
          <li>a încărca fișiere care conțin programe malițioase sau conținut ilegal;</li>
          <li>a accesa date ale altor firme sau a încerca să ocolești măsurile de securitate;</li>
          <li>a trimite mesaje nesolicitate prin funcțiile de notificare;</li>
          <li>a supraîncărca în mod deliberat infrastructura.</li>
        </ul>

        <h2>4. Documentele tale</h2>
        <p>
          Documentele încărcate rămân ale tale și ale clienților tăi. Le prelucrăm doar pentru a furniza serviciul, ca
          persoană împuternicită, conform <Link to="/confidentiality">politicii de confidențialitate</Link> și acordului
          de prelucrare a datelor care face parte din acești termeni. Documentele șterse sunt păstrate o perioadă
          limitată pentru a putea fi recuperate, apoi sunt eliminate definitiv.
        </p>

        <h2>5. Abonamente și plăți</h2>
        <p>
          Funcțiile serviciului sunt disponibile pe bază de abonament, cu limitele planului ales (număr de clienți,
          utilizatori, spațiu de stocare). Prețurile sunt afișate în lei, în pagina Abonament. La expirarea unui
          abonament neplătit, contul poate trece în regim de doar citire până la plată; datele nu se șterg din acest
          motiv.
        </p>

        <h2>6. Disponibilitate</h2>
        <p>
          Depunem toate eforturile rezonabile ca serviciul să fie disponibil permanent, dar pot exista întreruperi
          pentru mentenanță sau din cauze independente de noi. Recomandăm păstrarea originalelor documentelor conform
          obligațiilor legale de arhivare.
        </p>

        <h2>7. Răspundere</h2>
        <p>
          Serviciul este un instrument de lucru; răspunderea pentru conținutul documentelor și pentru evidența contabilă
          aparține firmelor care le încarcă și le prelucrează. În limitele permise de lege, răspunderea noastră pentru
          daune indirecte este exclusă, iar cea directă este limitată la valoarea abonamentului plătit în ultimele 12
          luni.
        </p>

        <h2>8. Încetare</h2>
        <p>
          Poți închide contul oricând. Putem suspenda un cont care încalcă acești termeni, după o notificare prealabilă,
          cu excepția situațiilor grave. La încetare îți poți descărca documentele în termen de 30 de zile.
        </p>

        <h2>9. Modificări și lege aplicabilă</h2>
        <p>
          Te vom anunța prin e-mail cu cel puțin 30 de zile înainte de modificări importante ale termenilor. Acești
          termeni sunt guvernați de legea română; litigiile se soluționează de instanțele competente din România.
        </p>

        <h2>10. Contact</h2>
        <p>
          Pentru întrebări despre acești termeni scrie-ne la <a href="mailto:contact@dosar.ro">contact@dosar.ro</a>.
        </p>
      </article>
    </div>
  );
}
