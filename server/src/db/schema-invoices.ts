import type { ColumnType, Generated } from 'kysely';

/** The e-Factura invoices (migration 260), part of Database in schema.ts. See docs/PRODUCT.md, „e-Factura”. */

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric and bigint columns come back as strings from pg. */
type Numeric = ColumnType<string | number, string | number, string | number>;
type NullableBigInt = ColumnType<string | number | null, number | string | null | undefined, number | string | null>;

export type InvoiceKind = 'received' | 'issued' | 'unsorted';

export interface InvoicesTable {
  id: Generated<number>;
  company_id: number;
  /** The client it is filed under; null while „De sortat” (kind unsorted). */
  client_id: number | null;
  /** The document (media) holding the XML; null while „De sortat”. */
  media_id: number | null;
  kind: InvoiceKind;
  number: string;
  type_code: number;
  issue_date: ColumnType<string, string, string>;
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  currency: string;
  supplier_cui: string;
  supplier_name: string | null;
  buyer_cui: string | null;
  buyer_name: string | null;
  total_without_vat: Numeric;
  total_vat: Numeric;
  total_payable: Numeric;
  /** null: no SPV signature came with it. */
  signature_verified: boolean | null;
  parsed: ColumnType<unknown, string, string>;
  file_name: string;
  xml_storage_key: string;
  xml_size: ColumnType<string | number, number, number>;
  xml_sha256: string;
  zip_storage_key: string | null;
  zip_size: NullableBigInt;
  created_by: number | null;
  created_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}
