import { useQuery } from '@tanstack/react-query';
import type { ReceivableDocument } from '@wms/contract';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Container from 'react-bootstrap/Container';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScannerInput } from '../../components/scanner/ScannerInput.js';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { showFailure } from '../../handheld/show-failure.js';
import { notify } from '../../platform/notifications.js';
import { receiptApi, receiptQueries } from './receipt-api.js';
import { receiptPath } from './receipt-paths.js';
import { useReceiptLive } from './useReceiptLive.js';
import '../../handheld/handheld-screen.css';

/** Shows a failure of a quiet call once: its key and args, the error sound. */
function DocumentList({
  documents,
  onOpen,
  testId,
}: {
  documents: readonly ReceivableDocument[];
  onOpen: (document: ReceivableDocument) => void;
  testId: string;
}) {
  const { t } = useTranslation('goodsReceipt');
  const today = new Date().toISOString().slice(0, 10);
  return (
    <ListGroup className="handheld-list" data-testid={testId}>
      {documents.map((document) => (
        <ListGroup.Item
          key={`${document.type}:${document.code}`}
          action
          onClick={() => onOpen(document)}
          className="py-2"
          data-testid="receivable-document"
        >
          <div className="d-flex justify-content-between gap-2">
            <span className="fw-semibold">{document.code}</span>
            <span className="d-flex gap-1">
              {document.dueDate !== null && document.dueDate.slice(0, 10) <= today ? (
                <Badge bg="warning" text="dark">
                  {t('list.due')}
                </Badge>
              ) : null}
              {document.openReceipt ? (
                <Badge bg="info" data-testid="open-receipt-badge">
                  {t('list.openReceipt', { receipt: document.openReceipt })}
                </Badge>
              ) : null}
            </span>
          </div>
          <div className="small text-truncate">{document.supplierName ?? document.supplier ?? ''}</div>
          <div className="small text-body-secondary">
            {t('list.openQuantity', {
              quantity: formatQuantity(document.openQuantity),
              count: document.lineCount,
              date: document.dueDate?.slice(0, 10) ?? '',
            })}
          </div>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}

/**
 * /goods_receipt: the documents expected (due today or overdue first, as the server orders
 * them) with supplier, open quantity and a badge when a receipt is open on one. A scan of a
 * document code, an item barcode or a batch finds the documents: one opens its receipt, several
 * give a choice, none is refused with a danger notice (the list stays).
 */
export function ReceiptList() {
  const { t } = useTranslation('goodsReceipt');
  const navigate = useNavigate();
  const expected = useQuery(receiptQueries.expected());
  useReceiptLive(null);
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState<{ scan: string; documents: ReceivableDocument[] } | null>(null);

  const open = async (document: ReceivableDocument) => {
    setBusy(true);
    try {
      const answer = await receiptApi.open(document.type, document.code);
      void navigate(receiptPath(answer.receipt.code));
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const handleScan = async (scan: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const found = await receiptApi.find(scan);
      if (found.documents.length === 0) {
        notify('danger', 'errors:unknownDocument', { code: scan, type: t('list.receivable') });
        return;
      }
      if (found.documents.length > 1) {
        setChoice({ scan, documents: found.documents });
        notify('info', 'goodsReceipt:list.severalFound', { count: found.documents.length, scan });
        return;
      }
      setChoice(null);
      await open(found.documents[0]!);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const documents = expected.data?.documents ?? [];
  return (
    <Container
      fluid="md"
      className="handheld-screen py-2 py-sm-3 d-flex flex-column gap-3"
      data-testid="goods-receipt-list"
    >
      <div className="d-flex align-items-start gap-2">
        <p className="handheld-prompt mb-0 flex-grow-1" data-testid="handheld-prompt" aria-live="polite">
          {choice ? t('prompt.choose', { scan: choice.scan }) : t('prompt.document')}
        </p>
        {busy ? (
          <Spinner animation="border" size="sm" role="status" aria-label={t('loading')} className="mt-2" />
        ) : null}
      </div>
      <ScannerInput onScan={(text) => void handleScan(text)} placeholder="handheld:screen.scanPlaceholder" />
      {choice ? (
        <section>
          <h2 className="h6">{t('list.choose', { count: choice.documents.length })}</h2>
          <DocumentList
            documents={choice.documents}
            onOpen={(document) => void open(document)}
            testId="receipt-choice"
          />
        </section>
      ) : null}
      <section>
        <h2 className="h6">{t('list.title', { count: documents.length })}</h2>
        {expected.isPending ? <Spinner animation="border" size="sm" role="status" aria-label={t('loading')} /> : null}
        {!expected.isPending && documents.length === 0 ? (
          <p className="text-body-secondary">{t('list.empty')}</p>
        ) : null}
        <DocumentList documents={documents} onOpen={(document) => void open(document)} testId="expected-documents" />
      </section>
    </Container>
  );
}
