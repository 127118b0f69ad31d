import { usePageTitle } from '@dosar/shared';
/** /confidentiality — privacy policy (GDPR, Regulamentul (UE) 2016/679). */
export function ConfidentialityPage() {
  usePageTitle('Politica de confidențialitate');
  return (
    <div className="page">
      <article className="prose">
        <h1>Politica de confidențialitate</h1>
        <p className="muted">Ultima actualizare: 22 noiembrie 2026</p>

        <p>
          Această politică explică ce date cu caracter personal prelucrează Dosar, de ce, cât timp le păstrăm și ce
          drepturi ai, conform Regulamentului (UE) 2016/679 („GDPR”) și legislației române privind protecția datelor.
        </p>

        <h2>1. Cine răspunde de date</h2>
        <ul>
          <li>
            Pentru datele conturilor (nume, e-mail, date de autentificare, facturare) și pentru siguranța platformei,
            operatorul este furnizorul Dosar.
          </li>
          <li>
            Pentru documentele clienților și datele din ele, operatorul este firma de contabilitate care folosește
            Dosar; noi acționăm ca persoană împuternicită (art. 28 GDPR) și prelucrăm aceste date numai la
            instrucțiunile ei.
          </li>
        </ul>

        <h2>2. Ce date prelucrăm</h2>
        <ul>
          <li>date de cont: nume, adresă de e-mail, rol, firma sau holdingul din care faci parte;</li>
          <li>date ale firmelor: denumire, CUI, număr de înregistrare, adresă, persoane de contact;</li>
          <li>documente încărcate și informații despre ele (nume fișier, dimensiune, dată, cine le-a încărcat);</li>
          <li>
            date de facturare și de plată a abonamentelor (fără datele complete ale cardului, procesate de furnizorul de
            plăți);
          </li>
          <li>jurnale de securitate: autentificări, adresa IP, acțiuni importante (ștergeri, schimbări de parolă).</li>
        </ul>

        <h2>3. Scopuri și temeiuri legale</h2>
        <ul>
          <li>furnizarea serviciului și administrarea contului — executarea contractului (art. 6 alin. 1 lit. b);</li>
          <li>facturare și evidență contabilă — obligație legală (art. 6 alin. 1 lit. c);</li>
          <li>securitatea platformei și prevenirea abuzurilor — interes legitim (art. 6 alin. 1 lit. f);</li>
          <li>e-mailuri de serviciu (resetare parolă, notificări trimise de firma ta) — executarea contractului.</li>
        </ul>
        <p>Nu folosim datele pentru publicitate și nu le vindem.</p>

        <h2>4. Cât timp păstrăm datele</h2>
        <ul>
          <li>datele contului — pe durata contractului și 30 de zile după închiderea contului;</li>
          <li>
            documentele — cât decide firma de contabilitate; cele șterse sunt eliminate definitiv după perioada de
            păstrare;
          </li>
          <li>documentele financiar-contabile proprii (facturile abonamentelor) — termenul prevăzut de lege;</li>
          <li>jurnalele de securitate — cel mult 12 luni.</li>
        </ul>

        <h2>5. Cui transmitem datele</h2>
        <p>
          Folosim furnizori (persoane împuternicite) pentru găzduire și stocarea fișierelor, trimiterea e-mailurilor și
          procesarea plăților, legați prin contracte care le impun confidențialitate și măsuri de securitate. Datele
          sunt stocate în Uniunea Europeană. Le comunicăm autorităților doar când legea ne obligă.
        </p>

        <h2>6. Securitate</h2>
        <p>
          Conexiunile sunt criptate (HTTPS). Parolele sunt păstrate numai sub formă de hash (argon2id), iar cheile de
          sesiune numai ca amprentă criptografică. Fiecare firmă are acces exclusiv la propriile date, iar accesul
          personalului nostru la documente este limitat la situațiile de suport solicitate de tine.
        </p>

        <h2>7. Cookie-uri și stocare locală</h2>
        <p>
          Folosim doar elemente strict necesare: un cookie tehnic (XSRF-TOKEN) care protejează formularele împotriva
          cererilor falsificate și, în stocarea locală a browserului, cheia sesiunii tale (bearer_token), ștearsă la
          deconectare. Nu folosim cookie-uri de analiză sau publicitate, de aceea nu îți cerem consimțământul pentru
          ele.
        </p>

        <h2>8. Drepturile tale</h2>
        <p>
          Ai dreptul de acces, rectificare, ștergere, restricționare, portabilitate și opoziție, precum și dreptul de a
          nu face obiectul unei decizii bazate exclusiv pe prelucrare automată. Pentru documentele clienților, adresează
          cererea firmei de contabilitate (operatorul), pe care o vom sprijini. Răspundem în cel mult o lună.
        </p>
        <p>
          Ai dreptul să depui o plângere la Autoritatea Națională de Supraveghere a Prelucrării Datelor cu Caracter
          Personal (ANSPDCP), B-dul G-ral. Gheorghe Magheru nr. 28-30, București,{' '}
          <a href="https://www.dataprotection.ro">www.dataprotection.ro</a>.
        </p>

        <h2>9. Contact</h2>
        <p>
          Pentru orice întrebare despre datele tale scrie-ne la <a href="mailto:gdpr@dosar.ro">gdpr@dosar.ro</a>.
        </p>
      </article>
    </div>
  );
}
