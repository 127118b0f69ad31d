/** Where the browser keeps its own random id, sent on both sign-in calls (the sessions list names devices by it). */
export const DEVICE_STORAGE_KEY = 'dosar.device';

function randomId(): string {
  const cryptoApi = typeof crypto !== 'undefined' ? crypto : undefined;
  if (cryptoApi?.randomUUID) return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (cryptoApi?.getRandomValues) cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser's id (created on first use); undefined when storage is unavailable. */
export function deviceId(): string | undefined {
  try {
    const stored = localStorage.getItem(DEVICE_STORAGE_KEY);
    if (stored) return stored;
    const id = randomId();
    localStorage.setItem(DEVICE_STORAGE_KEY, id);
    return id;
  } catch {
    return undefined;
  }
}
