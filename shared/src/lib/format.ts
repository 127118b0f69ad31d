/** 1536 → '1,5 KB' (Romanian decimal comma). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const text = value.toFixed(digits).replace(/\.0$/, '').replace('.', ',');
  return `${text} ${units[unit]}`;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** '2026-11-22T10:05:00Z' → '22.11.2026' (or '22.11.2026 12:05' with time, local zone). Invalid → '—'. */
export function formatDate(value: string | number | Date | null | undefined, options: { time?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const day = `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
  return options.time ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
}

const money = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 49 → '49,00 lei'. */
export function formatRon(amount: number): string {
  return `${money.format(amount)} lei`;
}
