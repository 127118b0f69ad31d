import type { VatFoundItem } from './wire.js';

/**
 * The simulator's registry: fictitious companies under CUIs with a valid control digit. One of each
 * case the screens show — a VAT payer in e-Factura, an inactive one, a non-VAT payer — and 43131360,
 * valid but unknown to the registry (notFound). Tests change them through the simulator's `setCompany`.
 */
export interface FixtureCompany {
  name: string;
  address: string;
  tradeRegister: string;
  phone: string;
  postalCode: string;
  vatPayer: boolean;
  eFactura: boolean;
  inactive: boolean;
  county: string;
  city: string;
  street: string;
  number: string;
}

export const FIXTURE_COMPANIES: Readonly<Record<string, FixtureCompany>> = {
  '13548146': {
    name: 'ALFA CONSULTANȚĂ FISCALĂ S.R.L.',
    address: 'MUNICIPIUL BUCUREŞTI, SECTOR 1, STR. VICTORIEI, NR.10',
    tradeRegister: 'J40/1234/2000',
    phone: '0212345678',
    postalCode: '010061',
    vatPayer: true,
    eFactura: true,
    inactive: false,
    county: 'MUNICIPIUL BUCUREŞTI',
    city: 'Sector 1 Mun. Bucureşti',
    street: 'Str. Victoriei',
    number: '10',
  },
  '49278701': {
    name: 'BETA DIGITAL S.R.L.',
    address: 'JUD. CLUJ, MUN. CLUJ-NAPOCA, STR. MEMORANDUMULUI, NR.5',
    tradeRegister: 'J2023001097301',
    phone: '',
    postalCode: '400114',
    vatPayer: true,
    eFactura: true,
    inactive: false,
    county: 'CLUJ',
    city: 'Mun. Cluj-Napoca',
    street: 'Str. Memorandumului',
    number: '5',
  },
  '37024165': {
    name: 'GAMA COMERȚ S.R.L.',
    address: 'JUD. IAŞI, MUN. IAŞI, STR. LĂPUŞNEANU, NR.7',
    tradeRegister: 'J22/700/2017',
    phone: '0232111222',
    postalCode: '700057',
    vatPayer: false,
    eFactura: false,
    inactive: true,
    county: 'IAŞI',
    city: 'Mun. Iaşi',
    street: 'Str. Lăpuşneanu',
    number: '7',
  },
  '14146589': {
    name: 'DELTA SERVICII S.R.L.',
    address: 'JUD. TIMIŞ, MUN. TIMIŞOARA, BD. REVOLUŢIEI, NR.3',
    tradeRegister: 'J35/2001/2001',
    phone: '0256333444',
    postalCode: '300024',
    vatPayer: false,
    eFactura: false,
    inactive: false,
    county: 'TIMIŞ',
    city: 'Mun. Timişoara',
    street: 'Bd. Revoluţiei',
    number: '3',
  },
};

/** The registry's v9 answer item for one fixture company on `day`. */
export function vatItem(cui: string, company: FixtureCompany, day: string): VatFoundItem {
  return {
    date_generale: {
      cui: Number(cui),
      data: day,
      denumire: company.name,
      adresa: company.address,
      nrRegCom: company.tradeRegister,
      telefon: company.phone,
      fax: '',
      codPostal: company.postalCode,
      act: '',
      stare_inregistrare: company.inactive ? 'INACTIV' : 'INREGISTRAT din data 01.01.2010',
      data_inregistrare: '2010-01-01',
      cod_CAEN: '6920',
      iban: '',
      statusRO_e_Factura: company.eFactura,
      organFiscalCompetent: 'Administraţia Judeţeană a Finanţelor Publice',
      forma_de_proprietate: 'PROPR.PRIVATA-CAPITAL PRIVAT AUTOHTON',
      forma_organizare: 'PERSOANA JURIDICA',
      forma_juridica: 'SOCIETATE COMERCIALĂ CU RĂSPUNDERE LIMITATĂ',
    },
    inregistrare_scop_Tva: {
      scpTVA: company.vatPayer,
      perioade_TVA: company.vatPayer
        ? [{ data_inceput_ScpTVA: '2010-01-01', data_sfarsit_ScpTVA: '', mesaj_ScpTVA: '' }]
        : [],
    },
    inregistrare_RTVAI: { statusTvaIncasare: false },
    stare_inactiv: {
      dataInactivare: company.inactive ? '2025-06-01' : '',
      dataReactivare: '',
      dataPublicare: company.inactive ? '2025-06-05' : '',
      dataRadiere: '',
      statusInactivi: company.inactive,
    },
    inregistrare_SplitTVA: { statusSplitTVA: false },
    adresa_sediu_social: {
      sdenumire_Strada: company.street,
      snumar_Strada: company.number,
      sdenumire_Localitate: company.city,
      sdenumire_Judet: company.county,
      stara: 'România',
      scod_Postal: company.postalCode,
    },
    adresa_domiciliu_fiscal: {
      ddenumire_Strada: company.street,
      dnumar_Strada: company.number,
      ddenumire_Localitate: company.city,
      ddenumire_Judet: company.county,
      dtara: 'România',
      dcod_Postal: company.postalCode,
    },
  };
}
