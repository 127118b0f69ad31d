import { useEffect, useId, useRef, type ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import type { ChecklistDocument, ChecklistItem } from '../types';
import { ReviewBadge, StatusBadge } from './StatusBadge';

export interface ChecklistItemsProps {
  items: ChecklistItem[];
  /** The list's accessible name, e.g. „Documente de trimis pentru Noiembrie 2026”. */
  label?: string;
  /** Buttons for an item (the client's „Încarcă”, the firm's „Nu se aplică”…). */
  itemActions?: (item: ChecklistItem) => ReactNode;
  /** Buttons for one of an item's documents (the firm's „Acceptă” / „Respinge”, „Descarcă”…). */
  documentActions?: (document: ChecklistDocument, item: ChecklistItem) => ReactNode;
  /** Shown at the end of an item (e.g. the progress of an upload into it). */
  itemFooter?: (item: ChecklistItem) => ReactNode;
  /** Whether to list each item's documents (default true). */
  showDocuments?: boolean;
  /** The level of each item's heading (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Shown when there is no item. */
  emptyText?: string;
  /** The item a link opened (an e-mail's `?item=`): scrolled to, focused and marked as the current one. */
  focusItemId?: number | null;
  /** The reader reviews the documents (the firm): one awaiting review reads „De verificat”, not „În verificare”. */
  reviewing?: boolean;
}

function DocumentRow({
  document,
  own,
  reviewing,
}: {
  document: ChecklistDocument;
  own?: ReactNode;
  reviewing?: boolean;
}) {
  return (
    <li className="month-doc">
      <div className="month-doc-main">
        <span className="month-doc-name">{document.name}</span>
        <ReviewBadge status={document.review_status} reviewing={reviewing} />
      </div>
      <p className="muted month-doc-meta">
        Încărcat{document.uploaded_by_name ? ` de ${document.uploaded_by_name}` : ''} pe{' '}
        <time dateTime={document.created_at}>{formatDate(document.created_at, { time: true })}</time>
      </p>
      {document.review_status === 'rejected' && document.review_reason ? (
        <p className="month-doc-reason">Motiv: {document.review_reason}</p>
      ) : null}
      {own ? <div className="month-doc-actions">{own}</div> : null}
    </li>
  );
}

function Item({
  item,
  props,
  headingLevel,
}: {
  item: ChecklistItem;
  props: ChecklistItemsProps;
  headingLevel: 2 | 3 | 4;
}) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  const focused = props.focusItemId === item.id;
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!focused || !ref.current) return;
    ref.current.scrollIntoView?.({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [focused]);
  const about = [item.category?.name, item.details].filter(Boolean).join(' · ');
  const actions = props.itemActions?.(item);
  const showDocuments = props.showDocuments ?? true;
  return (
    <li
      ref={ref}
      className={`month-item month-item-${item.status}${focused ? ' month-item-focus' : ''}`}
      aria-labelledby={headingId}
      aria-current={focused ? 'true' : undefined}
      tabIndex={focused ? -1 : undefined}
    >
      <div className="month-item-head">
        <Heading id={headingId} className="month-item-name">
          {item.name}
        </Heading>
        <StatusBadge status={item.status} />
      </div>
      {about ? <p className="muted month-item-about">{about}</p> : null}
      {item.status === 'rejected' && item.reason ? (
        <p className="month-reason">
          <strong>Motivul respingerii:</strong> {item.reason}
        </p>
      ) : null}
      {item.status === 'not_applicable' && item.note ? (
        <p className="month-note">
          <strong>Notă:</strong> {item.note}
        </p>
      ) : null}
      {showDocuments && item.documents.length > 0 ? (
        <ul className="month-docs" aria-label={`Documente pentru ${item.name}`}>
          {item.documents.map((document) => (
            <DocumentRow
              key={document.id}
              document={document}
              own={props.documentActions?.(document, item)}
              reviewing={props.reviewing}
            />
          ))}
        </ul>
      ) : null}
      {actions ? <div className="month-item-actions">{actions}</div> : null}
      {props.itemFooter?.(item)}
    </li>
  );
}

/**
 * A month's checklist items (docs/api/month.md): name, status, the firm's note or rejection
 * reason and the documents answering each item (name, who uploaded it and when, its review).
 * What may be done to an item or a document comes from the caller (`itemActions`,
 * `documentActions`): the client uploads, the firm reviews.
 */
export function ChecklistItems(props: ChecklistItemsProps) {
  const { items, label, headingLevel = 3, emptyText = 'Nu este niciun document de trimis în această lună.' } = props;
  if (items.length === 0) return <p className="muted month-items-empty">{emptyText}</p>;
  return (
    <ul className="month-items" aria-label={label}>
      {items.map((item) => (
        <Item key={item.id} item={item} props={props} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

export interface ExtraDocumentsProps {
  /** The month's documents outside the checklist (Checklist.extra). */
  documents: ChecklistDocument[];
  /** Buttons for one of them (the firm's „Acceptă” / „Respinge”…). */
  documentActions?: (document: ChecklistDocument) => ReactNode;
  /** The level of the section's heading (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** As ChecklistItems' `reviewing`. */
  reviewing?: boolean;
}

/**
 * The month's documents that answer none of its items (kept when their item was marked „Nu se aplică”,
 * or of a category the month asks nothing of), as the checklist shows an item's; nothing when none.
 */
export function ExtraDocuments({ documents, documentActions, headingLevel = 3, reviewing }: ExtraDocumentsProps) {
  const headingId = useId();
  if (documents.length === 0) return null;
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  return (
    <section className="month-item month-extra" aria-labelledby={headingId}>
      <Heading id={headingId} className="month-item-name">
        În afara listei
      </Heading>
      <p className="muted month-item-about">Documente ale lunii care nu răspund niciunei cerințe din listă.</p>
      <ul className="month-docs" aria-label="Documente în afara listei">
        {documents.map((document) => (
          <DocumentRow key={document.id} document={document} own={documentActions?.(document)} reviewing={reviewing} />
        ))}
      </ul>
    </section>
  );
}
