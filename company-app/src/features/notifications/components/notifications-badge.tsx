import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { countOf, useRequest } from '@dosar/shared';
import { useCompanyId } from '../../../lib/company-api';
import { getUnread, onNotificationsRead } from '../api/notifications';

/** Past this the badge says „99+”: the server stops counting there. */
const MAX_SHOWN = 99;

/**
 * The number beside „Notificări” in the menu: what the signed-in user has not seen yet. Asked again on
 * every navigation and once the notifications screen marked them read; nothing when there is nothing new.
 */
export function NotificationsBadge() {
  const companyId = useCompanyId();
  const { pathname } = useLocation();
  const answer = useRequest((signal) => getUnread(companyId, signal), [companyId, pathname], companyId > 0);
  const { reload } = answer;
  useEffect(() => onNotificationsRead(reload), [reload]);

  const unread = answer.data ?? 0;
  if (unread <= 0) return null;
  const text = countOf(unread, 'notificare necitită', 'notificări necitite');
  const shown = unread > MAX_SHOWN ? `${MAX_SHOWN}+` : String(unread);
  return (
    <span className="badge badge-warning month-nav-badge" title={text}>
      {shown}
      <span className="sr-only">
        {unread > MAX_SHOWN ? ' notificări necitite' : ` ${text.slice(String(unread).length + 1)}`}
      </span>
    </span>
  );
}
