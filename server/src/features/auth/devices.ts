import type { AppContext } from '../../infra/context.js';
import { renderMail } from '../../infra/mail-templates.js';
import { sha256 } from '../../infra/tokens.js';
import * as sessions from './sessions-repository.js';

/** A browser and system read simply from a user agent: „Chrome pe Windows”; „Dispozitiv necunoscut”. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Version\/[\d.]+.*Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (!browser && !system) return 'Dispozitiv necunoscut';
  if (!system) return browser as string;
  return `${browser ?? 'Browser'} pe ${system}`;
}

const bucharestTime = new Intl.DateTimeFormat('ro-RO', {
  timeZone: 'Europe/Bucharest',
  dateStyle: 'long',
  timeStyle: 'short',
});

export interface SignInDevice {
  deviceId?: string | null;
  userAgent?: string | null;
  ip: string;
}

/**
 * After a successful sign-in: a device the user has not signed in from before, when they have signed
 * in from others, earns them an e-mail; the device is remembered either way (the first one silently).
 * The device is the browser's own id when it sends one, else its user agent.
 */
export async function noteSignInDevice(
  ctx: AppContext,
  user: { id: number; email: string },
  device: SignInDevice,
  onMailError: (error: unknown) => void,
): Promise<void> {
  const hash = sha256(device.deviceId || device.userAgent || '');
  const label = deviceLabel(device.userAgent);
  const now = new Date();
  const { any, known } = await sessions.knownDevice(ctx.db, user.id, hash);
  await sessions.recordDevice(ctx.db, user.id, hash, label, now);
  if (!any || known) return;
  const message = renderMail(user.email, {
    subject: 'Autentificare nouă în contul tău Dosar',
    paragraphs: [
      'Cineva s-a autentificat în contul tău Dosar de pe un dispozitiv nou.',
      `Dispozitiv: ${label}\nAdresa IP: ${device.ip}\nData și ora: ${bucharestTime.format(now)} (ora României)`,
      'Dacă nu ai fost tu, schimbă parola și închide celelalte sesiuni din Profil.',
    ],
  });
  // Not awaited: a slow mail server does not hold the sign-in up.
  ctx.mailer.send(message).catch(onMailError);
}
