import type { CompanyRecord, SpvMessage } from './types.js';

/** ANAF's wire shapes (PlatitorTvaRest v9 and FCTEL), only the fields Dosar reads; the simulator writes them. */

export interface VatFoundItem {
  date_generale: {
    cui: number;
    data: string;
    denumire: string;
    adresa: string;
    nrRegCom: string;
    telefon: string;
    fax?: string;
    codPostal: string;
    act?: string;
    stare_inregistrare: string;
    data_inregistrare?: string;
    cod_CAEN?: string;
    iban?: string;
    statusRO_e_Factura: boolean;
    organFiscalCompetent?: string;
    forma_de_proprietate?: string;
    forma_organizare?: string;
    forma_juridica?: string;
  };
  inregistrare_scop_Tva: {
    scpTVA: boolean;
    perioade_TVA: { data_inceput_ScpTVA?: string; data_sfarsit_ScpTVA?: string; mesaj_ScpTVA?: string }[];
  };
  inregistrare_RTVAI?: { statusTvaIncasare: boolean };
  stare_inactiv: {
    dataInactivare: string;
    dataReactivare: string;
    dataPublicare: string;
    dataRadiere: string;
    statusInactivi: boolean;
  };
  inregistrare_SplitTVA?: { statusSplitTVA: boolean };
  adresa_sediu_social?: Record<string, string>;
  adresa_domiciliu_fiscal?: Record<string, string>;
}

export interface VatAnswer {
  cod: number;
  message: string;
  found?: VatFoundItem[];
  notFound?: (number | string)[];
}

export interface WireMessage {
  data_creare: string;
  cif: string;
  id_solicitare: string;
  detalii: string;
  tip: string;
  id: string;
}

export interface ListAnswer {
  mesaje?: WireMessage[];
  numar_inregistrari_in_pagina?: number;
  numar_total_inregistrari_per_pagina?: number;
  numar_total_inregistrari?: number;
  numar_total_pagini?: number;
  index_pagina_curenta?: number;
  serial?: string;
  cui?: string;
  titlu?: string;
  eroare?: string;
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export function companyFromWire(item: VatFoundItem): CompanyRecord {
  const general = item.date_generale;
  return {
    cui: String(general.cui),
    name: textOrNull(general.denumire) ?? String(general.cui),
    address: textOrNull(general.adresa),
    trade_register: textOrNull(general.nrRegCom),
    phone: textOrNull(general.telefon),
    postal_code: textOrNull(general.codPostal),
    vat_payer: item.inregistrare_scop_Tva?.scpTVA === true,
    e_factura: general.statusRO_e_Factura === true,
    inactive: item.stare_inactiv?.statusInactivi === true,
  };
}

export function messageFromWire(message: WireMessage): SpvMessage {
  return {
    id: String(message.id),
    cif: String(message.cif),
    kind: message.tip,
    details: message.detalii,
    created: message.data_creare,
    requestId: String(message.id_solicitare),
  };
}

/** „Nu exista mesaje in intervalul selectat”: an empty list, not a failure. */
export const NO_MESSAGES = /^Nu exista mesaje/i;
