// npm run admin:create -- --email x --password y [--name z]
// Creates a platform administrator (role 1) on the configured database, after migrating it; never seeds
// demo data. An existing administrator with that e-mail gets the new password (and name, when given).
import { parseArgs } from 'node:util';
import { isEmail, newPasswordErrors, setPlatformAdmin } from '../features/auth/index.js';
import { CliError, openMigratedDatabase, runCli } from './database.js';

const USAGE = `Utilizare: npm run admin:create -- --email adresa@firma.ro --password ParolaSigura1 [--name "Nume Prenume"]

Creează un administrator de platformă (rolul 1) în baza de date configurată
(DATABASE_URL, altfel PGlite în DATA_DIR), după ce o aduce la zi cu migrările.
Dacă adresa aparține deja unui administrator, îi schimbă parola.
Cu PGlite, oprește întâi serverul care folosește același DATA_DIR.`;

interface AdminInput {
  email: string;
  password: string;
  name: string | null;
}

function parseInput(argv: string[]): AdminInput | null {
  let values: { email?: string; password?: string; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const code = (error as { code?: string }).code;
    const detail =
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? 'opțiune necunoscută'
        : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
          ? 'o opțiune nu are valoare'
          : code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
            ? 'argument în plus'
            : 'nu pot fi citite';
    throw new CliError(`Argumente nevalide (${detail}).\n\n${USAGE}`, 64);
  }
  if (values.help) return null;
  const problems: string[] = [];
  const email = values.email?.trim().toLowerCase() ?? '';
  if (!email) problems.push('Lipsește --email.');
  else if (!isEmail(email)) problems.push(`Adresa de e-mail „${email}” nu este validă.`);
  const password = values.password ?? '';
  if (!password) problems.push('Lipsește --password.');
  else problems.push(...(newPasswordErrors(password, password).password ?? []));
  const name = values.name?.trim() ?? null;
  if (values.name !== undefined && !name) problems.push('Numele (--name) nu poate fi gol.');
  if (name && name.length > 120) problems.push('Numele (--name) poate avea cel mult 120 de caractere.');
  if (problems.length) throw new CliError(`${problems.map((p) => `- ${p}`).join('\n')}\n\n${USAGE}`, 64);
  return { email, password, name };
}

runCli(async () => {
  const input = parseInput(process.argv.slice(2));
  if (!input) {
    console.log(USAGE);
    return;
  }
  const { database } = await openMigratedDatabase((line) => console.log(line));
  try {
    const outcome = await setPlatformAdmin(database.db, input);
    if (typeof outcome === 'object') {
      throw new CliError(
        `Adresa ${input.email} aparține deja unui cont cu rolul ${outcome.takenByRole}; alege altă adresă pentru administrator.`,
      );
    }
    console.log(
      outcome === 'created'
        ? `Administratorul ${input.email} a fost creat.`
        : `Administratorul ${input.email} exista deja: parola a fost schimbată, iar sesiunile lui au fost închise.`,
    );
  } finally {
    await database.close();
  }
});
