interface StatusBadgeProps {
  status: string | null | undefined;
  labels: Record<string, { label: string; badge: string }>;
}

/** A coloured badge for a status; '—' when there is none. */
export function StatusBadge({ status, labels }: StatusBadgeProps) {
  if (!status) return <span className="muted">—</span>;
  const known = labels[status];
  return <span className={known?.badge ?? 'badge badge-muted'}>{known?.label ?? status}</span>;
}
